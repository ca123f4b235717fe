// Settings › Permisos: named capabilities (`users.change`) granted to users on top of their roles.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResourceList } from '@/components/resource/resource-list';
import { abilitiesFor } from '@/lib/resource-ui';
import { guardPage } from '@/server/pages/guard';
import { definitionFor } from '@/server/screens/derive';
import { firstListPage } from '@/server/screens/first-data';
import { PERMISSIONS_SCREEN } from '@/server/modules/manage/settings-screens';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings');
  return { title: t('permissions.title') };
}

export default async function PermissionsPage({ searchParams }: Props) {
  const actor = await guardPage('settings-permissions');
  // The first page comes with the HTML, read by the same list operation the API runs.
  const initialPage = await firstListPage(definitionFor(RESOURCE_BASES.permissions)!, PERMISSIONS_SCREEN, actor, await searchParams);
  return <ResourceList config={PERMISSIONS_SCREEN} can={abilitiesFor(actor, PERMISSIONS_SCREEN)} initialPage={initialPage} />;
}
