// Languages of the interface. Spanish is the default; English fills any key a language lacks.
export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';
export const FALLBACK_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'NEXT_LOCALE';

export function asLocale(value: string | null | undefined): Locale | null {
  const tag = value?.trim().toLowerCase().slice(0, 2);
  return (LOCALES as readonly string[]).includes(tag ?? '') ? (tag as Locale) : null;
}

/** The first supported language of an Accept-Language header, by quality. */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const locale = asLocale(tag);
    if (locale) return locale;
  }
  return null;
}

type Messages = { [key: string]: string | Messages };

/** Deep merge: keys of `primary` win, `fallback` fills the gaps. */
export function withFallback(primary: Messages, fallback: Messages): Messages {
  const result: Messages = { ...fallback };
  for (const [key, value] of Object.entries(primary)) {
    const base = result[key];
    result[key] = typeof value === 'object' && typeof base === 'object' ? withFallback(value, base) : value;
  }
  return result;
}
export type { Messages };
