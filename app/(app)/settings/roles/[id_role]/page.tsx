// Settings › Roles › one role: its data and the screens it opens, on a page of its own (the
// route tree is easier to review here than in a dialog).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RecordEditor } from '@/components/resource/record-editor';
import { abilitiesFor } from '@/lib/resource-ui';
import { guardPage } from '@/server/pages/guard';
import { definitionFor } from '@/server/screens/derive';
import { firstRecord } from '@/server/screens/first-data';
import { ROLES_SCREEN } from '@/server/modules/manage/settings-screens';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Props = { params: Promise<{ id_role: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings');
  return { title: t('roles.page_metadata') };
}

export default async function RolePage({ params }: Props) {
  const actor = await guardPage('settings-roles');
  const { id_role: id } = await params;
  // The role comes with the HTML, read by the same show operation the API runs.
  const initialRecord = /^[1-9]\d{0,9}$/.test(id) ? await firstRecord(definitionFor(RESOURCE_BASES.roles)!, actor, id) : undefined;
  return (
    <RecordEditor
      config={ROLES_SCREEN}
      recordId={id}
      titleKey="settings.roles.page_title"
      descriptionKey="settings.roles.page_description"
      can={abilitiesFor(actor, ROLES_SCREEN)}
      back={{ href: '/settings/roles', labelKey: 'settings.roles.back' }}
      notFoundKey="settings.roles.not_found"
      initialRecord={initialRecord}
    />
  );
}
