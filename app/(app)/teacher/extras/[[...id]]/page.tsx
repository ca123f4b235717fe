// Profesor › Extraordinarios: /teacher/extras/{id_schedule?} (spec section 2).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ExamCapture } from '@/components/grades/exam-capture';
import { guardPage } from '@/server/pages/guard';

type Props = { params: Promise<{ id?: string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.teacher-extras') };
}

export default async function TeacherExtrasPage({ params }: Props) {
  await guardPage('/teacher/extras');
  const { id = [] } = await params;
  return <ExamCapture category="X" scheduleId={id[0] && /^[1-9]\d{0,9}$/.test(id[0]) ? id[0] : null} />;
}
