// Portal › Horario: the student's classes this period (spec section 2, /portal/schedule). Staff
// who may open it name the student (?student_id=).
import Alert from '@mui/material/Alert';
import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StudentSchedule } from '@/components/grades/student-schedule';
import { guardPage, portalStudent } from '@/server/pages/guard';
import { firstActionRead, firstReadsState } from '@/server/screens/first-data';
import { currentLoad } from '@/lib/contracts/scores';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.portal-schedule') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function StudentSchedulePage({ searchParams }: Props) {
  const actor = await guardPage('/portal/schedule');
  const studentId = portalStudent(actor, await searchParams);
  if (studentId === undefined) {
    const t = await getTranslations('grades');
    return <Alert severity="info">{t('kardex_pick_student')}</Alert>;
  }
  // The week comes with the HTML: the same action the view asks the API for, read here.
  const read = await firstActionRead(currentLoad, actor, studentId ? { student_id: studentId } : {});
  return (
    <HydrationBoundary state={firstReadsState([read])}>
      <StudentSchedule studentId={studentId} />
    </HydrationBoundary>
  );
}
