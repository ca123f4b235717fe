'use client';
// The generic list screen (MUI's crud-dashboard is the model): a server-paginated grid whose
// page, size, sort, search and filters live in the address bar, so reload, Back and a shared
// link show the same rows. Row actions appear only when the user may use them; the API checks
// again anyway. The pieces live in ./list: the state (use-list-state), the rows (use-list-rows),
// the toolbar, the export, the row actions with their dialogs, and the grid's placeholder.
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import dynamic from 'next/dynamic';
import { useId, useMemo } from 'react';
import type { Abilities, ApiRecord, ScreenConfig } from '@/lib/resource-ui';
import { GridPlaceholder, GridPlaceholderContext } from './list/grid-placeholder';
import { ExportMenu, useListExport } from './list/list-export';
import { ListToolbar } from './list/list-toolbar';
import { type InitialListPage, useListRows } from './list/use-list-rows';
import { useListState } from './list/use-list-state';
import { useRowActions } from './list/use-row-actions';
import { useNotice } from './notice';
import { useT } from './use-t';

export type { InitialListPage, ListPageAnswer } from './list/use-list-rows';

// The grid loads next to the list's first rows (its module is the largest of the client code);
// until then its placeholder shows those rows as a plain table.
const ResourceGrid = dynamic(() => import('./resource-grid').then((module) => module.ResourceGrid), { ssr: false, loading: () => <GridPlaceholder /> });

export type ResourceListProps = {
  config: ScreenConfig;
  /** What this user may do here (see abilitiesFor). */
  can: Abilities;
  /** The first page as the server read it, shown without asking the API again (see InitialListPage). */
  initialPage?: InitialListPage;
  /** For `custom` row actions. `reload` refreshes the rows afterwards. */
  onAction?: (key: string, record: ApiRecord, reload: () => void) => void;
};

export function ResourceList({ config, can, initialPage, onAction }: ResourceListProps) {
  const t = useT();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const headingId = useId();
  const { notify, node: notice } = useNotice();

  const { state, change } = useListState(config);
  const { rows, total, loading, error, reload } = useListRows(config, state, change, initialPage);
  const { exporting, exportAs } = useListExport(config, state, notify);
  const actions = useRowActions({ config, can, onAction, reload, notify });

  const sortModel: GridSortModel = useMemo(() => {
    if (!state.ordering) return [];
    const desc = state.ordering.startsWith('-');
    const name = desc ? state.ordering.slice(1) : state.ordering;
    const column = config.columns.find((candidate) => (candidate.sortField ?? candidate.field) === name);
    return column ? [{ field: column.field, sort: desc ? 'desc' : 'asc' }] : [];
  }, [state.ordering, config.columns]);

  const handleSort = (model: GridSortModel) => {
    const first = model[0];
    const column = first ? config.columns.find((candidate) => candidate.field === first.field) : undefined;
    const ordering = first && column ? `${first.sort === 'desc' ? '-' : ''}${column.sortField ?? column.field}` : '';
    change({ ordering, page: 0 });
  };

  const handlePagination = (model: GridPaginationModel) => {
    change((current) => (model.pageSize !== current.pageSize ? { pageSize: model.pageSize, page: 0 } : { page: model.page }));
  };

  const columnVisibilityModel = useMemo(
    () => Object.fromEntries(config.columns.filter((column) => column.hideOnSmall).map((column) => [column.field, !small])),
    [config.columns, small],
  );

  const placeholder = useMemo(
    () => ({ rows, columns: config.columns, visibility: columnVisibilityModel, labelledBy: headingId }),
    [rows, config.columns, columnVisibilityModel, headingId],
  );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography
            id={headingId}
            variant={config.embedded ? 'h6' : 'h5'}
            component={config.embedded ? 'h2' : 'h1'}
            // Child lists are titled by table names ("materias"): shown as headings, capitalised.
            sx={config.embedded ? { '&::first-letter': { textTransform: 'uppercase' } } : undefined}
          >
            {t(config.titleKey)}
          </Typography>
          {config.descriptionKey && (
            <Typography variant="body2" color="text.secondary">
              {t(config.descriptionKey)}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {config.allowExport && can.export && <ExportMenu exporting={exporting} onExport={exportAs} />}
          {config.allowCreate && can.create && (
            <Button variant="contained" startIcon={<Add />} onClick={actions.openCreate} data-testid="resource-new">
              {t('resource.new')}
            </Button>
          )}
        </Stack>
      </Stack>

      <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
        <ListToolbar config={config} state={state} change={change} />
        {(exporting || actions.busy) && <LinearProgress aria-label={t(exporting ? 'resource.exporting' : 'resource.working')} />}
        {error && (
          <Alert
            severity="error"
            sx={{ mx: 1.5, mb: 1.5, whiteSpace: 'pre-line' }}
            action={
              <Button color="inherit" size="small" onClick={reload}>
                {t('resource.retry')}
              </Button>
            }
          >
            {error.lines.join('\n') || t('resource.load_error')}
          </Alert>
        )}
        {/* The grid passes no extra attributes to its root: the test id sits on a wrapper. */}
        <Box data-testid="resource-grid" sx={{ minWidth: 0 }}>
          <GridPlaceholderContext value={placeholder}>
            <ResourceGrid
              rows={rows}
              total={total}
              loading={loading}
              columns={config.columns}
              rowActions={actions.rowActions}
              actionCount={actions.actionCount}
              actionsHeader={t('resource.actions')}
              page={state.page}
              pageSize={state.pageSize}
              onPagination={handlePagination}
              sortModel={sortModel}
              onSort={handleSort}
              columnVisibilityModel={columnVisibilityModel}
              onRowClick={actions.openRecord}
              labelledBy={headingId}
              t={t}
            />
          </GridPlaceholderContext>
        </Box>
      </Paper>

      {actions.dialogs}
      {notice}
    </Box>
  );
}
