// Settings › Sistema: the school's one-row configuration (institution, grading rules, outgoing
// mail, invoicing data).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RecordEditor } from '@/components/resource/record-editor';
import { abilitiesFor } from '@/lib/resource-ui';
import { guardPage } from '@/server/pages/guard';
import { SYSTEM_SETTINGS } from '@/server/modules/manage/settings-screens';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings');
  return { title: t('system.title') };
}

export default async function SystemSettingsPage() {
  const actor = await guardPage('settings');
  return (
    <RecordEditor
      config={SYSTEM_SETTINGS}
      recordId="singleton"
      titleKey="settings.system.title"
      descriptionKey="settings.system.description"
      can={abilitiesFor(actor, SYSTEM_SETTINGS)}
    />
  );
}
