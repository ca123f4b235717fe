// The index route: open to every signed-in user, with a start page per kind of user.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import AspirantHome from '@/components/home/AspirantHome';
import StaffHome from '@/components/home/StaffHome';
import StudentHome from '@/components/home/StudentHome';
import TeacherHome from '@/components/home/TeacherHome';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.index') };
}

export default async function HomePage() {
  const actor = await guardPage('index');
  switch (actor.kind) {
    case 'student':
      return <StudentHome />;
    case 'teacher':
      return <TeacherHome />;
    case 'aspirant':
      return <AspirantHome />;
    default:
      return <StaffHome />;
  }
}
