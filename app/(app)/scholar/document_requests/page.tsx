// Control Escolar › Solicitudes de documentos (issue 30): the queue of what students request from
// the portal, issued one by one or every paid one at once, handed over or cancelled.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RequestsQueue } from '@/components/documents/requests-queue';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.scholar-document_requests') };
}

export default async function DocumentRequestsPage() {
  await guardPage('/scholar/document_requests');
  return (
    <div data-testid="screen-content">
      <RequestsQueue />
    </div>
  );
}
