// Académico › Listas de asistencia (spec section 2, /reports/attendance_list): a group's attendance
// lists, by class or all of them, as PDF or xlsx.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AttendanceLists } from '@/components/academic/attendance-lists';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.reports-attendance_list') };
}

export default async function AttendanceListPage() {
  await guardPage('/reports/attendance_list');
  return <AttendanceLists />;
}
