// Portal › Evaluación docente › one teacher (spec section 2, /portal/eval_teacher/{id}): the class
// (schedule) `id` of the application named by ?assignment_id=.
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EvaluateTeacher } from '@/components/polls/teacher-evaluation';
import { guardPage } from '@/server/pages/guard';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('polls');
  return { title: t('portal.evaluation') };
}

export default async function EvaluateTeacherPage({ params, searchParams }: Props) {
  await guardPage('/portal/eval_teacher');
  const { id } = await params;
  const assignment = (await searchParams).assignment_id;
  if (!/^[1-9]\d{0,9}$/.test(id) || typeof assignment !== 'string' || !/^[1-9]\d{0,9}$/.test(assignment)) notFound();
  return <EvaluateTeacher assignmentId={Number(assignment)} scheduleId={Number(id)} />;
}
