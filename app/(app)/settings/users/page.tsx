// Settings › Usuarios: staff accounts, their roles, permissions and careers.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResourceList } from '@/components/resource/resource-list';
import { abilitiesFor } from '@/lib/resource-ui';
import { guardPage } from '@/server/pages/guard';
import { definitionFor } from '@/server/screens/derive';
import { firstListPage } from '@/server/screens/first-data';
import { USERS_SCREEN } from '@/server/modules/manage/settings-screens';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings');
  return { title: t('users.title') };
}

export default async function UsersPage({ searchParams }: Props) {
  const actor = await guardPage('settings-users');
  // The first page comes with the HTML, read by the same list operation the API runs.
  const initialPage = await firstListPage(definitionFor(RESOURCE_BASES.users)!, USERS_SCREEN, actor, await searchParams);
  return <ResourceList config={USERS_SCREEN} can={abilitiesFor(actor, USERS_SCREEN)} initialPage={initialPage} />;
}
