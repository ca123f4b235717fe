// Messages are kept per namespace (messages/<locale>/<namespace>.json) so that each module owns
// its texts; here they are merged into one tree per locale, English filling missing keys.
// use-intl's core (what next-intl re-exports) has no React or Next parts: the API bundle loads it.
import { createTranslator } from 'use-intl/core';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale, type Messages, withFallback } from '@/lib/i18n';
import { catalog } from '@/messages';

const merged = new Map<Locale, Messages>();

export function messagesFor(locale: Locale): Messages {
  let messages = merged.get(locale);
  if (!messages) {
    messages = locale === FALLBACK_LOCALE ? catalog[locale] : withFallback(catalog[locale], catalog[FALLBACK_LOCALE]);
    merged.set(locale, messages);
  }
  return messages;
}

export type Translate = ((key: string, values?: Record<string, string | number>) => string) & {
  /** Whether the language (or its English fallback) has the key. */
  has: (key: string) => boolean;
};

const translators = new Map<Locale, Translate>();

/** A translator for server code (API error messages, file exports) in the request's language. */
export function translator(locale: Locale = DEFAULT_LOCALE): Translate {
  // One per language for the life of the process: requests only read it.
  const cached = translators.get(locale);
  if (cached) return cached;
  const t = createTranslator({
    locale,
    messages: messagesFor(locale),
    // A missing key shows the key itself rather than failing the request.
    onError: () => undefined,
    getMessageFallback: ({ namespace, key }) => [namespace, key].filter(Boolean).join('.'),
  });
  const call = t as unknown as ((key: string, values?: Record<string, string | number>) => string) & { has: (key: string) => boolean };
  const translate: Translate = Object.assign((key: string, values?: Record<string, string | number>) => call(key, values), { has: (key: string) => call.has(key) });
  translators.set(locale, translate);
  return translate;
}
