'use client';
// The lists under a record's page (a student's documents, relatives, scholarships...) as tabs, each
// named with how many records it holds: one list in view at a time instead of a long page of
// tables, the first ones read with the page, the others when their tab is opened.
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import type { Abilities, ScreenConfig } from '@/lib/resource-ui';
import { type InitialListPage, ResourceList } from './resource-list';
import { useT } from './use-t';

export type RecordChild = { key: string; config: ScreenConfig; can: Abilities; initialPage?: InitialListPage };

export function RecordChildren({ lists }: { lists: RecordChild[] }) {
  const t = useT();
  const id = useId();
  // The first list with records opens first: an empty tab is rarely what one came for.
  const [selected, setSelected] = useState(() => Math.max(0, lists.findIndex((list) => (list.initialPage?.answer.elements ?? 0) > 0)));
  if (!lists.length) return null;
  const current = lists[Math.min(selected, lists.length - 1)];
  return (
    <Box component="section" aria-label={t('resource.related')} data-testid="record-children">
      <Tabs
        value={Math.min(selected, lists.length - 1)}
        onChange={(_event, index: number) => setSelected(index)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {lists.map((list, index) => {
          const count = list.initialPage?.answer.elements;
          const title = t(list.config.titleKey);
          return (
            <Tab
              key={list.key}
              id={`${id}-tab-${index}`}
              aria-controls={`${id}-panel-${index}`}
              label={count === undefined ? title : `${title} (${count})`}
              sx={{ '&::first-letter': { textTransform: 'uppercase' }, textTransform: 'none' }}
              data-testid={`record-tab-${list.key}`}
            />
          );
        })}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${selected}`} aria-labelledby={`${id}-tab-${selected}`}>
        <ResourceList key={current.key} config={current.config} can={current.can} initialPage={current.initialPage} />
      </Box>
    </Box>
  );
}
