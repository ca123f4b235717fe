// Portal › Evaluación docente (spec section 2, /portal/eval_teacher/main/{id_assignment}): the
// student's classes of the period, each teacher to evaluate or done.
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EvaluationMain } from '@/components/polls/teacher-evaluation';
import { guardPage } from '@/server/pages/guard';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('polls');
  return { title: t('portal.evaluation') };
}

export default async function EvaluationMainPage({ params }: Props) {
  await guardPage('/portal/eval_teacher');
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return <EvaluationMain assignmentId={Number(id)} />;
}
