import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import NotFoundView from '@/components/errors/NotFoundView';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors');
  return { title: t('page_not_found') };
}

export default function NotFound() {
  return <NotFoundView fullPage />;
}
