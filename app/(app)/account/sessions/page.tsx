// Mis sesiones (the user menu, every kind of user): where one's account is signed in, and ending
// those sessions. The list comes with the page, read as the API reads it (GET manage/api/sessions/).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SessionsScreen } from '@/components/account/sessions-screen';
import { guardPage } from '@/server/pages/guard';
import { sessionViews } from '@/server/auth/sessions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('sessions.title') };
}

export default async function SessionsPage() {
  const actor = await guardPage('/account/sessions');
  const t = await getTranslations('account');
  const sessions = await sessionViews(actor, t('sessions.unknown_device'));
  return <SessionsScreen initialSessions={sessions} />;
}
