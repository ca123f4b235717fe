'use client';

// Shown when even the root layout failed: no theme, no providers, nothing that could fail again.
// Texts come straight from the message files, in the language of the NEXT_LOCALE cookie.
import { useSyncExternalStore } from 'react';
import { LOCALE_COOKIE } from '@/lib/i18n';
import enShell from '@/messages/en/shell.json';
import esShell from '@/messages/es/shell.json';

function readLocale(): 'es' | 'en' {
  return new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=en\\b`).test(document.cookie) ? 'en' : 'es';
}

const noSubscription = () => () => {};

export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  const locale = useSyncExternalStore(noSubscription, readLocale, () => 'es' as const);
  const texts = (locale === 'en' ? enShell : esShell).error;
  return (
    <html lang={locale}>
      <body style={{ margin: 0, fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif', background: '#f3f5f8', color: '#1f2933' }}>
        <title>{texts.global_title}</title>
        <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, textAlign: 'center' }}>
          <div style={{ maxWidth: 480 }}>
            <h1 style={{ fontSize: 24, fontWeight: 500, margin: '0 0 8px' }}>{texts.global_title}</h1>
            <p style={{ margin: '0 0 24px', color: '#52606d' }}>{texts.global_message}</p>
            <button
              type="button"
              onClick={retry}
              style={{ font: 'inherit', padding: '8px 16px', marginRight: 12, borderRadius: 8, border: '1px solid #1d4f7c', background: '#fff', color: '#1d4f7c', cursor: 'pointer' }}
            >
              {texts.retry}
            </button>
            {/* A full document load on purpose: client navigation would reuse the layout that failed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/" style={{ display: 'inline-block', padding: '8px 16px', borderRadius: 8, background: '#1d4f7c', color: '#fff', textDecoration: 'none' }}>
              {texts.home}
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
