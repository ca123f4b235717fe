// What every handler receives: the request, its actor, its language and a translator.
import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, asLocale, localeFromAcceptLanguage } from '@/lib/i18n';
import type { Actor } from '@/server/auth/actor';
import { type Translate, translator } from '@/server/i18n/messages';

export type RequestContext = {
  request: Request;
  url: URL;
  requestId: string;
  locale: Locale;
  t: Translate;
  actor: Actor | null;
  ip: string;
  userAgent: string;
};

/** The interface language the user chose (the language switch's cookie, which next-intl renders the pages in). */
export function cookieLocale(cookieHeader: string | null): Locale | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === LOCALE_COOKIE) {
      try {
        return asLocale(decodeURIComponent(part.slice(index + 1).trim()));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The language of an answer (messages, exports, PDFs): an explicit ?lang= first, then the
 * interface language the user chose (its cookie), then the browser's Accept-Language, then
 * Spanish. The cookie wins over the browser: a download is a plain navigation that carries the
 * browser's own Accept-Language, and a PDF or a workbook must read like the screen it came from.
 * Clients without the cookie (an import script, a mobile app) are answered in their Accept-Language.
 */
export function requestLocale(request: Request, url: URL): Locale {
  return (
    asLocale(url.searchParams.get('lang')) ??
    cookieLocale(request.headers.get('cookie')) ??
    localeFromAcceptLanguage(request.headers.get('accept-language')) ??
    DEFAULT_LOCALE
  );
}

export function createContext(request: Request, actor: Actor | null): RequestContext {
  const url = new URL(request.url);
  const locale = requestLocale(request, url);
  return {
    request,
    url,
    requestId: randomUUID().slice(0, 8),
    locale,
    t: translator(locale),
    actor,
    ip: (request.headers.get('x-forwarded-for') ?? '').split(',')[0].trim() || request.headers.get('x-real-ip') || '',
    userAgent: (request.headers.get('user-agent') ?? '').slice(0, 300),
  };
}

export { LOCALE_COOKIE };
