// Profesor › Horario (spec section 2, /teacher/timer).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TeacherWeek } from '@/components/grades/teacher-week';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.teacher-timer') };
}

export default async function TeacherTimerPage() {
  const actor = await guardPage('/teacher/timer');
  return <TeacherWeek teacher={actor.kind === 'teacher'} />;
}
