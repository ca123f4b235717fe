// Every screen route of the spec without a page of its own: the generic list of its resource
// (server/modules/<module>/screens.ts, gathered by the registry), a record's detail page with its child lists, or, for the few screens that
// are still to come, a guarded placeholder. Each is guarded like any page: signed in, then the route.
import Stack from '@mui/material/Stack';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Fragment } from 'react';
import { getTranslations } from 'next-intl/server';
import ScreenPlaceholder from '@/components/home/ScreenPlaceholder';
import { LazyRecordChildren, LazyRecordEditor } from '@/components/resource/lazy-record-editor';
import { ResourceList } from '@/components/resource/resource-list';
import { pageTitleKey } from '@/components/shell/page-title';
import { routeForPath } from '@/lib/menu';
import { DETAIL_ROUTES, SCREEN_ROUTES } from '@/server/modules/registry';
import { detailRouteOf } from '@/server/screens/routes';
import { canUse } from '@/server/engine/engine';
import { guardPage, requireActor } from '@/server/pages/guard';
import { shellData } from '@/server/pages/shell-data';
import { childResources, definitionFor, recordHeader, screenAbilities, screenConfig } from '@/server/screens/derive';
import { firstListPage, firstOptionReads, firstReadsState, firstRecord } from '@/server/screens/first-data';
import { renderPanel, renderPanels } from './panels';

type Props = { params: Promise<{ slug: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

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

async function titleKeyOf(path: string): Promise<string | null> {
  const t = await getTranslations('menu');
  return pageTitleKey(path, (candidate) => t.has(candidate));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const key = await titleKeyOf(pathOf((await params).slug));
  if (!key) return {};
  const t = await getTranslations('menu');
  return { title: t(key as Parameters<typeof t>[0]) };
}

/** The closest screen route above a path: `/scholar/scheduler/groups/4` -> `/scholar/scheduler`. */
function nearestScreen(path: string): string | null {
  for (let cut = path.length; cut > 0; cut = path.lastIndexOf('/', cut - 1)) {
    const candidate = path.slice(0, cut);
    if (SCREEN_ROUTES[candidate]) return candidate;
  }
  return null;
}

export default async function ScreenPage({ params, searchParams }: Props) {
  const path = pathOf((await params).slug);
  // Signed-out visitors go to /login before learning whether a URL exists.
  await requireActor();
  if (routeForPath(path) === null) notFound();
  const actor = await guardPage(path);
  const titleKey = await titleKeyOf(path);
  if (!titleKey) notFound();

  const detail = detailRouteOf(path);
  if (detail && !SCREEN_ROUTES[path]) {
    const definition = definitionFor(detail.route.base);
    if (!definition) notFound();
    const config = screenConfig(definition, { titleKey: `menu.${titleKey}` });
    const can = screenAbilities(actor, definition, config);
    const header = recordHeader(definition, config);
    const validId = /^[1-9]\d{0,15}$/.test(detail.id);
    // The record and the first page of each child list come with the page's HTML, read by the
    // same operations the API answers with.
    // Lists the role may not read are not shown at all (no refusal box on someone's page). A page
    // in tabs shows the lists its tabs name.
    const tabSpecs = validId ? detail.route.tabs : undefined;
    const listedInTabs = new Set(tabSpecs?.flatMap((tab) => tab.lists ?? []));
    // A tab of one list and nothing else is named with how many records it holds.
    const countedLists = new Set(tabSpecs?.filter((tab) => !tab.panel && tab.lists?.length === 1).map((tab) => tab.lists![0]));
    const children = validId
      ? childResources(definition, tabSpecs ? Number.POSITIVE_INFINITY : undefined)
          .filter(({ definition: child }) => canUse(actor, child, 'read') && (!tabSpecs || listedInTabs.has(child.base)))
          .map(({ definition: child, foreignKey }) => {
            const columns = tabSpecs?.find((tab) => tab.lists?.includes(child.base))?.columns?.[child.base];
            const childConfig = screenConfig(child, { titleKey: `tables.${child.table}`, query: { [foreignKey]: detail.id }, listQuery: detail.route.childFilters?.[child.base], embedded: true, columns });
            return { child, childConfig };
          })
      : [];
    // The record, the first page of each list under it and the choices of its form come with the
    // page's HTML: the browser asks the API only for what changes after.
    const [initialRecord, optionReads, ...childPages] = await Promise.all([
      validId && can.view ? firstRecord(definition, actor, detail.id) : undefined,
      validId && can.view ? firstOptionReads(config, actor) : [],
      // On a page in tabs only the lists whose tab shows a count come with the HTML; the others
      // are read when their tab is opened.
      ...children.map(({ child, childConfig }) => (!tabSpecs || countedLists.has(child.base) ? firstListPage(child, childConfig, actor) : undefined)),
    ]);
    const lists = children.map(({ child, childConfig }, index) => ({ key: child.base, config: childConfig, can: screenAbilities(actor, child, childConfig), initialPage: childPages[index] }));
    // The record's own panels (a tab's, or around the form), as the route names them.
    const screen = { actor, definition, recordId: detail.id, ownerKind: definition.model === 'Student' ? ('student' as const) : ('aspirant' as const) };
    const panel = (name: string) => renderPanel(name, screen);
    const tabs = tabSpecs?.map((tab) => {
      const tabLists = lists.filter((list) => tab.lists?.includes(list.key));
      const content = tab.sections ? undefined : (
        <Stack spacing={2}>
          {tab.panel && panel(tab.panel)}
          {tabLists.map((list) => (
            <ResourceList key={list.key} config={list.config} can={list.can} initialPage={list.initialPage} />
          ))}
        </Stack>
      );
      const count = !tab.panel && tabLists.length === 1 ? tabLists[0].initialPage?.answer.elements : undefined;
      return { key: tab.key, labelKey: tab.labelKey, sections: tab.sections, content, count };
    });
    return (
      <Stack spacing={3}>
        <LazyRecordEditor
          firstReads={firstReadsState(optionReads)}
          config={config}
          header={header}
          recordId={detail.id}
          titleKey="resource.detail_title"
          can={can}
          back={{ href: detail.parent, labelKey: 'resource.detail_back' }}
          notFoundKey="resource.detail_not_found"
          initialRecord={initialRecord}
          above={
            tabs ? (
              <Stack spacing={2}>{detail.route.panels?.map((name) => <Fragment key={name}>{panel(name)}</Fragment>)}</Stack>
            ) : validId ? (
              renderPanels(detail.route.panels, 'above-record', 'below-record', screen)
            ) : undefined
          }
          tabs={tabs}
        />
        {!tabs && validId && renderPanels(detail.route.panels, 'below-record', 'below-record', screen)}
        {!tabs && <LazyRecordChildren lists={lists} />}
      </Stack>
    );
  }

  const screenPath = SCREEN_ROUTES[path] ? path : nearestScreen(path);
  const route = screenPath ? SCREEN_ROUTES[screenPath] : undefined;
  const definition = route && definitionFor(route.base);
  if (!route || !definition?.model) {
    const t = await getTranslations('menu');
    return <ScreenPlaceholder title={t(titleKey as Parameters<typeof t>[0])} />;
  }
  const detailPath = route.detailOf ?? screenPath;
  const config = screenConfig(definition, {
    titleKey: `menu.${titleKey}`,
    filters: route.filters,
    query: route.query,
    detailHref: detailPath && DETAIL_ROUTES[detailPath] ? `${detailPath}/{id}` : undefined,
    links: route.links,
    columns: route.columns,
    openAfterCreate: route.openAfterCreate,
  });
  // A list that filters by period starts on the one chosen in the top bar (the user may pick
  // another, or all, in the list's own filter; the address keeps that choice).
  const { selection } = await shellData(actor);
  if (selection.cicle_id && !route.allPeriods) {
    const periodParam = route.periodFilter ?? 'cicle_id';
    config.filters = config.filters.map((filter) => (filter.param === periodParam ? { ...filter, initial: String(selection.cicle_id) } : filter));
  }
  // Lists of other resources the screen also shows, each as a list inside the page.
  const others = (route.lists ?? []).flatMap((base) => {
    const other = definitionFor(base);
    if (!other?.model || !canUse(actor, other, 'read')) return [];
    return [{ base, other, otherConfig: screenConfig(other, { titleKey: `tables.${other.table}`, embedded: true }) }];
  });
  // Every list's first page comes with the HTML, read by the same list operation the API runs.
  const [initialPage, ...otherPages] = await Promise.all([
    firstListPage(definition, config, actor, await searchParams),
    ...others.map(({ other, otherConfig }) => firstListPage(other, otherConfig, actor)),
  ]);
  const list = <ResourceList config={config} can={screenAbilities(actor, definition, config)} initialPage={initialPage} />;
  const more = others.map(({ base, other, otherConfig }, index) => (
    <ResourceList key={base} config={otherConfig} can={screenAbilities(actor, other, otherConfig)} initialPage={otherPages[index]} />
  ));
  if (!route.panels?.length && more.length === 0) return list;
  // A screen's own panels around its list (the exam calendar, the period's consolidation); what a
  // panel may change is what the list's resource allows unless it names another.
  const screen = { actor, definition };
  return (
    <Stack spacing={3}>
      {renderPanels(route.panels, 'above-list', 'above-list', screen)}
      {list}
      {renderPanels(route.panels, 'below-list', 'above-list', screen)}
      {more}
    </Stack>
  );
}
