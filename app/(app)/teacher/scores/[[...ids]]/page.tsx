// Profesor › Calificaciones: /teacher/scores/{id_partial?}/{id_schedule?} (spec section 2).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ScoreCapture } from '@/components/grades/score-capture';
import { env } from '@/server/env';
import { guardPage } from '@/server/pages/guard';

type Props = { params: Promise<{ ids?: string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.teacher-scores') };
}

const id = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) ? text : null);

export default async function TeacherScoresPage({ params }: Props) {
  await guardPage('/teacher/scores');
  const { ids = [] } = await params;
  // The service worker serves the sheet offline from the production build only: `next dev` names its
  // scripts without their content's hash, and a kept copy of one would hide the next edit.
  return <ScoreCapture partialId={id(ids[0])} scheduleId={id(ids[1])} serviceWorker={env.NODE_ENV === 'production'} />;
}
