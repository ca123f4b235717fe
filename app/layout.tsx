import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTimeZone } from 'next-intl/server';
import ChunkErrorReload from '@/components/shell/ChunkErrorReload';
import ErrorFieldLabels from '@/components/shell/ErrorFieldLabels';
import ThemeRegistry from '@/components/theme/ThemeRegistry';
import { DEFAULT_LOCALE, asLocale } from '@/lib/i18n';

export const metadata: Metadata = {
  title: { default: 'Plantel', template: '%s · Plantel' },
  applicationName: 'Plantel',
  // Private school records: keep every screen out of search engines.
  robots: { index: false, follow: false },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#1d4f7c',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = asLocale(await getLocale()) ?? DEFAULT_LOCALE;
  const [messages, timeZone] = await Promise.all([getMessages(), getTimeZone()]);
  return (
    <html lang={locale}>
      <body>
        <AppRouterCacheProvider>
          <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone}>
            <ThemeRegistry locale={locale}>
              <ChunkErrorReload />
              <ErrorFieldLabels />
              {children}
            </ThemeRegistry>
          </NextIntlClientProvider>
        </AppRouterCacheProvider>
      </body>
    </html>
  );
}
