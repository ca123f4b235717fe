// Portal › Calificaciones: the student's kardex (spec section 2, /portal/kardex).
import Alert from '@mui/material/Alert';
import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { KardexView } from '@/components/grades/kardex-view';
import { guardPage, portalStudent } from '@/server/pages/guard';
import { firstActionRead, firstListRead, firstReadsState } from '@/server/screens/first-data';
import { kardexSummary } from '@/lib/contracts/reports';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('grades');
  return { title: t('kardex') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function KardexPage({ searchParams }: Props) {
  const actor = await guardPage('/portal/kardex');
  const studentId = portalStudent(actor, await searchParams);
  if (studentId === undefined) {
    const t = await getTranslations('grades');
    return <Alert severity="info">{t('kardex_pick_student')}</Alert>;
  }
  // The kardex comes with the HTML: the same action and list the view asks the API for, read here.
  const student: Record<string, string> = studentId ? { student_id: studentId } : {};
  const reads = await Promise.all([
    firstActionRead(kardexSummary, actor, student),
    firstListRead(RESOURCE_BASES.mainScores, actor, { no_paginate: 'true', ordering: 'subject_code', ...student }),
  ]);
  return (
    <HydrationBoundary state={firstReadsState(reads)}>
      <KardexView studentId={studentId} />
    </HydrationBoundary>
  );
}
