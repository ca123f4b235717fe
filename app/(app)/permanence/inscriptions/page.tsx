// Inscr./Reins. › Inscripciones (spec section 2, /permanence/inscriptions): the applicants of the top
// bar's period who became students, their first charges and the documents missing from their file.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InscriptionsView } from '@/components/admissions/inscriptions-view';
import { guardPage } from '@/server/pages/guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.permanence-inscriptions') };
}

export default async function InscriptionsPage() {
  await guardPage('/permanence/inscriptions');
  return <InscriptionsView />;
}
