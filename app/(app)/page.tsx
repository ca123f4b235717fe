// The index route: open to every signed-in user, with a start page per kind of user.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import AspirantHome from '@/components/home/AspirantHome';
import StaffHome from '@/components/home/StaffHome';
import StudentHome from '@/components/home/StudentHome';
import TeacherHome from '@/components/home/TeacherHome';
import DeniedNotice from '@/components/home/DeniedNotice';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.index') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ searchParams }: Props) {
  const actor = await guardPage('index');
  // Set by guardPage when it sent the user here from a screen their role does not open.
  const denied = (await searchParams).denied;
  return (
    <>
      {typeof denied === 'string' && <DeniedNotice route={denied} />}
      {homeOf(actor.kind)}
    </>
  );
}

function homeOf(kind: string) {
  switch (kind) {
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
