// Calificaciones › Concentrado general (spec section 2, /scores/general_summary): a group's
// students × subjects grid, with the school's grading settings read here for marking failures.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConcentratedGrid } from '@/components/grades/concentrated-grid';
import { CONCENTRATE_COLUMNS, type ConcentrateColumn } from '@/lib/grades/concentrate';
import { gradeSettings } from '@/server/modules/scores';
import { guardPage } from '@/server/pages/guard';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.scores-general_summary') };
}

export default async function GeneralSummaryPage({ searchParams }: Props) {
  await guardPage('/scores/general_summary');
  const query = await searchParams;
  const groupId = typeof query.group_id === 'string' && /^[1-9]\d{0,9}$/.test(query.group_id) ? query.group_id : null;
  const column = CONCENTRATE_COLUMNS.find((key) => key === query.column) ?? ('final' satisfies ConcentrateColumn);
  return <ConcentratedGrid groupId={groupId} column={column} settings={await gradeSettings()} />;
}
