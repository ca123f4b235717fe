// Screens of the spec that have no page of their own yet. Each is still guarded like a real
// screen, so the URL space and the permissions behave as they will when the screen lands.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import ScreenPlaceholder from '@/components/home/ScreenPlaceholder';
import { pageTitleKey } from '@/components/shell/page-title';
import { routeForPath } from '@/lib/menu';
import { guardPage, requireActor } from '@/server/pages/guard';

type Props = { params: Promise<{ slug: string[] }> };

function pathOf(slug: string[]): string {
  return `/${slug.map(decodeSegment).join('/')}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function titleOf(path: string): Promise<string | null> {
  const t = await getTranslations('menu');
  const key = pageTitleKey(path, (candidate) => t.has(candidate));
  return key ? t(key) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const title = await titleOf(pathOf((await params).slug));
  return title ? { title } : {};
}

export default async function PendingScreenPage({ params }: Props) {
  const path = pathOf((await params).slug);
  // Signed-out visitors go to /login before learning whether a URL exists.
  await requireActor();
  if (routeForPath(path) === null) notFound();
  await guardPage(path);
  const title = await titleOf(path);
  if (!title) notFound();
  return <ScreenPlaceholder title={title} />;
}
