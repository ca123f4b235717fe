'use client';
// Names fields and action parameters in error lines by the labels the screens use ("Parcial:
// Elija una opción válida.", not "PARTIAL ID: ..."), in the user's language.
import { useTranslations } from 'next-intl';
import { setFieldLabels } from '@/lib/api-client';

export default function ErrorFieldLabels() {
  const t = useTranslations('fields');
  // Set while rendering, before any child can show an error; the same function every render.
  setFieldLabels((name) => (t.has(name as Parameters<typeof t>[0]) ? t(name as Parameters<typeof t>[0]) : undefined));
  return null;
}
