import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import AspirantSignupForm from '@/components/auth/AspirantSignupForm';
import AuthFrame from '@/components/auth/AuthFrame';
import { currentActor } from '@/server/auth/current-actor';
import { prisma } from '@/server/db/client';
import { periodsOpenForAdmission } from '@/server/modules/inscription';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admissions.signup');
  return { title: t('title') };
}

/** The applicant's sign-up (before any account exists): the campuses, their periods open for admission and careers to choose from come with the page. */
export default async function AspirantSignupPage() {
  if (await currentActor()) redirect('/');
  const [campuses, careers, periods] = await Promise.all([
    prisma.campus.findMany({ where: { status: true }, select: { id: true, name: true }, orderBy: { name: 'asc' } }),
    prisma.career.findMany({ where: { status: true }, select: { id: true, name: true, campus_id: true }, orderBy: { name: 'asc' } }),
    periodsOpenForAdmission(),
  ]);
  return (
    <AuthFrame>
      <AspirantSignupForm campuses={campuses} careers={careers} periods={periods} />
    </AuthFrame>
  );
}
