// Herramientas › Importar datos (issue 31): a school's students, teachers... brought in from
// spreadsheets through the same rules and operations as the screens.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ImportScreen } from '@/components/imports/import-screen';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.tools-import') };
}

export default async function ImportPage() {
  await guardPage('/tools/import');
  return (
    <div data-testid="screen-content">
      <ImportScreen />
    </div>
  );
}
