// Configuración › Auditoría: every change recorded in any table, filtered by user, table, days,
// record and kind of change, each row opening its detail; the filtered rows download as a workbook.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuditScreen } from '@/components/audit/audit-screen';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings');
  return { title: t('audit.title') };
}

export default async function AuditPage() {
  await guardPage('settings-audit');
  return <AuditScreen />;
}
