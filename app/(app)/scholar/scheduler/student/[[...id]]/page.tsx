// Académico › Horarios › a student (spec section 2, /scholar/scheduler/student/{id_student?}): their week
// of the top bar's period, and the file to print.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PersonWeek } from '@/components/academic/person-week';
import { guardPage } from '@/server/pages/guard';

type Props = { params: Promise<{ id?: string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('academic');
  return { title: t('week.student_title') };
}

export default async function StudentWeekPage({ params }: Props) {
  await guardPage('/scholar/scheduler');
  const [raw] = (await params).id ?? [];
  return <PersonWeek kind="student" id={raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null} />;
}
