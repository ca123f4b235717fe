// Profesor › Mis resultados (/teacher/results): the teacher's own evaluation results.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TeacherResults } from '@/components/polls/teacher-results';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.teacher-results') };
}

export default async function TeacherResultsPage() {
  const actor = await guardPage('/teacher/results');
  return <TeacherResults screen teacher={actor.kind === 'teacher'} />;
}
