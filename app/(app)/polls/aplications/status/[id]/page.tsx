// Encuestas › Aplicaciones › status (spec section 2, /polls/aplications/status/{id}): one
// application's answered vs expected, live, and its results.
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StatusBoard } from '@/components/polls/status-board';
import { guardPage } from '@/server/pages/guard';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('polls');
  return { title: t('board.title') };
}

export default async function StatusBoardPage({ params }: Props) {
  await guardPage('/polls/aplications/status');
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return <StatusBoard assignmentId={Number(id)} />;
}
