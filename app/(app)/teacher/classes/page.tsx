// Profesor › Mis clases (spec section 2, /teacher/classes).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TeacherClasses } from '@/components/grades/teacher-classes';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.teacher-classes') };
}

export default async function TeacherClassesPage() {
  const actor = await guardPage('/teacher/classes');
  return <TeacherClasses teacher={actor.kind === 'teacher'} />;
}
