// Calificaciones › Índice de reprobación (spec section 2, /scores/fail_index).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FailIndex } from '@/components/grades/fail-index';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.scores-fail_index') };
}

export default async function FailIndexPage() {
  await guardPage('/scores/fail_index');
  return <FailIndex />;
}
