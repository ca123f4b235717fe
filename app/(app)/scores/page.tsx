// Calificaciones › Calificaciones (/scores): control escolar reviews and corrects the scores of any
// group of the period on the same sheet teachers capture with (group, subject and partial in the
// address, so a link or a reload opens the same sheet).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ScoreCapture } from '@/components/grades/score-capture';
import { guardPage } from '@/server/pages/guard';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.scores') };
}

const id = (value: string | string[] | undefined) => (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? value : null);

export default async function ScoresPage({ searchParams }: Props) {
  await guardPage('/scores');
  const query = await searchParams;
  return <ScoreCapture staff={{ groupId: id(query.group_id) }} scheduleId={id(query.schedule_id)} partialId={id(query.partial_id)} />;
}
