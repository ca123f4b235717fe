// Portal › Mis documentos (issue 30): the student asks for documents, pays them and downloads them.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RequestsPortal } from '@/components/documents/requests-portal';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.portal-documents') };
}

export default async function PortalDocumentsPage() {
  await guardPage('/portal/documents');
  return (
    <div data-testid="screen-content">
      <RequestsPortal />
    </div>
  );
}
