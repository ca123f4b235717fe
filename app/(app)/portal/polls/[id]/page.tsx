// Portal › Encuestas › answering one (spec section 2, /portal/polls/{id}): the application's poll,
// one section at a time.
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AnswerPoll } from '@/components/polls/answer-poll';
import { guardPage } from '@/server/pages/guard';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.portal-polls') };
}

export default async function AnswerPollPage({ params }: Props) {
  await guardPage('/portal/polls');
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return <AnswerPoll assignmentId={Number(id)} />;
}
