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

/** API messages follow the request's language: explicit ?lang=, then Accept-Language, then the UI cookie. */
export function requestLocale(request: Request, url: URL): Locale {
  return (
    asLocale(url.searchParams.get('lang')) ??
    localeFromAcceptLanguage(request.headers.get('accept-language')) ??
    asLocale(/(?:^|;\s*)NEXT_LOCALE=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1]) ??
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
