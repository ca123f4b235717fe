import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import AuthFrame from '@/components/auth/AuthFrame';
import LoginForm from '@/components/auth/LoginForm';
import { currentActor } from '@/server/auth/current-actor';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('shell.login');
  return { title: t('title') };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await currentActor()) redirect('/');
  const { session } = await searchParams;
  return (
    <AuthFrame>
      <LoginForm sessionEnded={session === 'ended'} />
    </AuthFrame>
  );
}
