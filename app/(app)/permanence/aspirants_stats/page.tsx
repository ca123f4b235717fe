// Inscr./Reins. › Estadísticas de aspirantes (spec section 2, /permanence/aspirants_stats): the
// admissions of the top bar's period counted by status, career, campus, how the applicants found
// the school and their school of origin, as charts and tables, with the workbook to download.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AspirantStatsView } from '@/components/admissions/aspirant-stats';
import { guardPage } from '@/server/pages/guard';
import { shellData } from '@/server/pages/shell-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.permanence-aspirants_stats') };
}

export default async function AspirantStatsPage() {
  const actor = await guardPage('/permanence/aspirants_stats');
  const { selection } = await shellData(actor);
  return <AspirantStatsView cicleId={selection.cicle_id ?? null} />;
}
