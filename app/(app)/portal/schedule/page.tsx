// Portal › Horario: the student's classes this period (spec section 2, /portal/schedule). Staff
// who may open it name the student (?student_id=).
import Alert from '@mui/material/Alert';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StudentSchedule } from '@/components/grades/student-schedule';
import { guardPage, portalStudent } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.portal-schedule') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function StudentSchedulePage({ searchParams }: Props) {
  const studentId = portalStudent(await guardPage('/portal/schedule'), await searchParams);
  if (studentId === undefined) {
    const t = await getTranslations('grades');
    return <Alert severity="info">{t('kardex_pick_student')}</Alert>;
  }
  return <StudentSchedule studentId={studentId} />;
}
