// Portal › Encuestas (spec section 2, /portal/polls): what the student has to answer now.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PortalPolls } from '@/components/polls/portal-polls';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.portal-polls') };
}

export default async function PortalPollsPage() {
  await guardPage('/portal/polls');
  return <PortalPolls />;
}
