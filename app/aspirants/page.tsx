import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import AspirantLoginForm from '@/components/auth/AspirantLoginForm';
import AuthFrame from '@/components/auth/AuthFrame';
import { currentActor } from '@/server/auth/current-actor';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('shell.aspirant_login');
  return { title: t('title') };
}

export default async function AspirantLoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await currentActor()) redirect('/');
  const { session } = await searchParams;
  return (
    <AuthFrame>
      <AspirantLoginForm sessionEnded={session === 'ended'} />
    </AuthFrame>
  );
}
