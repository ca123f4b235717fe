'use client';
// Screen configurations carry message keys as data ("settings.users.fields.username"), so the
// generic screens translate keys that TypeScript cannot know. This is the one place that loosens
// next-intl's key typing; a key missing from the catalogue shows as itself instead of throwing.
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

export type TranslateValues = Record<string, string | number>;
export type LooseTranslate = ((key: string, values?: TranslateValues) => string) & {
  has: (key: string) => boolean;
  /** The translation, or `fallback` when the catalogue lacks the key. */
  or: (key: string, fallback: string, values?: TranslateValues) => string;
};

type RawTranslator = {
  (key: string, values?: TranslateValues): string;
  has: (key: string) => boolean;
};

function loosen(t: RawTranslator): LooseTranslate {
  const has = (key: string) => t.has(key);
  return Object.assign((key: string, values?: TranslateValues) => (has(key) ? t(key, values) : key), {
    has,
    or: (key: string, fallback: string, values?: TranslateValues) => (has(key) ? t(key, values) : fallback),
  });
}

export function useT(): LooseTranslate {
  const t = useTranslations() as unknown as RawTranslator;
  return useMemo(() => loosen(t), [t]);
}
