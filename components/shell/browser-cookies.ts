import { LOCALE_COOKIE, type Locale } from '@/lib/i18n';

// Preference cookies the browser writes (campus, period, language). The server reads them on the
// next request, so they are plain, site-wide and long-lived; never HttpOnly session data.
const ONE_YEAR = 60 * 60 * 24 * 365;

export function setPreferenceCookie(name: string, value: string | number) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(String(value))}; path=/; max-age=${ONE_YEAR}; samesite=lax${secure}`;
}

export function deletePreferenceCookie(name: string) {
  document.cookie = `${name}=; path=/; max-age=0; samesite=lax`;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

/** The interface language is read by the server from its cookie: reload to render in it. */
export function switchLocale(locale: Locale) {
  setPreferenceCookie(LOCALE_COOKIE, locale);
  window.location.reload();
}
