// Calificaciones › Calificaciones anteriores (spec section 2, /scores/previous): the partial scores
// of a period, by student, subject and partial, with the grade itself in its own column (the list
// derived from the view alone showed the student's names but no score), and the recourses under it.
// The list, its filters and its first page are the generic screen's (server/screens), read as the
// catch-all page reads them; its period is the one chosen in the top bar.
import Stack from '@mui/material/Stack';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ResourceList } from '@/components/resource/resource-list';
import { canUse } from '@/server/engine/engine';
import { SCREEN_ROUTES } from '@/server/modules/registry';
import { guardPage } from '@/server/pages/guard';
import { shellData } from '@/server/pages/shell-data';
import { definitionFor, screenAbilities, screenConfig } from '@/server/screens/derive';
import { firstListPage } from '@/server/screens/first-data';

const PATH = '/scores/previous';
/** What staff read first in a previous score: who, which class, which partial, and the grade. */
const PREVIOUS_COLUMNS = ['no_control', 'full_name', 'group_code', 'subject_description', 'partial_description', 'score'] as const;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('menu');
  return { title: t('items.scores-previous') };
}

export default async function PreviousScoresPage({ searchParams }: Props) {
  const actor = await guardPage(PATH);
  const route = SCREEN_ROUTES[PATH];
  const definition = route && definitionFor(route.base);
  if (!route || !definition) notFound();
  // The period of the top bar (as the shell resolves it from the same cookies) fixes the list's
  // period, so the list changes with the top bar instead of offering a second period filter.
  const { selection } = await shellData(actor);
  const period: Record<string, string> = selection.cicle_id ? { cicle_id: String(selection.cicle_id) } : {};
  const config = screenConfig(definition, {
    titleKey: 'menu.items.scores-previous',
    filters: selection.cicle_id ? route.filters?.filter((filter) => filter !== 'cicle_id') : route.filters,
    query: { ...route.query, ...period },
    columns: route.columns ?? PREVIOUS_COLUMNS,
  });
  const others = (route.lists ?? []).flatMap((base) => {
    const other = definitionFor(base);
    if (!other?.model || !canUse(actor, other, 'read')) return [];
    return [{ base, other, otherConfig: screenConfig(other, { titleKey: `tables.${other.table}`, embedded: true }) }];
  });
  const [initialPage, ...otherPages] = await Promise.all([firstListPage(definition, config, actor, await searchParams), ...others.map(({ other, otherConfig }) => firstListPage(other, otherConfig, actor))]);
  return (
    <Stack spacing={3}>
      <ResourceList config={config} can={screenAbilities(actor, definition, config)} initialPage={initialPage} />
      {others.map(({ base, other, otherConfig }, index) => (
        <ResourceList key={base} config={otherConfig} can={screenAbilities(actor, other, otherConfig)} initialPage={otherPages[index]} />
      ))}
    </Stack>
  );
}
