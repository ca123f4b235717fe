// Reportes (spec section 2): /reports/students_by_group, teachers_users, student_users,
// student_by_birthplace, student_by_school and students_for_merchandise, each its reports as a
// chart, a table with totals and a workbook. Marketing's screen also shows the period's new
// students. (/reports/attendance_list is a page of its own.)
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ReportScreen } from '@/components/reports/report-screen';
import type { ReportName } from '@/lib/reports/catalog';
import { guardPage } from '@/server/pages/guard';

const SCREENS: Record<string, { reports: readonly ReportName[]; notes?: Partial<Record<ReportName, string>> }> = {
  students_by_group: { reports: ['students_by_group'] },
  teachers_users: { reports: ['teachers_users'], notes: { teachers_users: 'reports.teachers_note' } },
  student_users: { reports: ['student_users'] },
  student_by_birthplace: { reports: ['students_by_birthplace'] },
  student_by_school: { reports: ['students_by_school'] },
  students_for_merchandise: { reports: ['students_by_school_mercha', 'new_students'] },
};

type Props = { params: Promise<{ report: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { report } = await params;
  const t = await getTranslations('menu');
  return SCREENS[report] ? { title: t(`items.reports-${report}`) } : {};
}

export default async function ReportPage({ params }: Props) {
  const { report } = await params;
  const screen = Object.hasOwn(SCREENS, report) ? SCREENS[report] : null;
  if (!screen) notFound();
  await guardPage(`/reports/${report}`);
  return <ReportScreen route={`reports-${report}`} reports={screen.reports} notes={screen.notes} />;
}
