'use client';
// The generic list screen (MUI's crud-dashboard is the model): a server-paginated grid whose
// page, size, sort, search and filters live in the address bar, so reload, Back and a shared
// link show the same rows. Row actions appear only when the user may use them; the API checks
// again anyway.
import Add from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import dynamic from 'next/dynamic';
import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { api, formatErrors, logout } from '@/lib/api-client';
import {
  type Abilities,
  type ApiRecord,
  type FormMode,
  type ListFilter,
  type ListState,
  RELOAD_LISTS_EVENT,
  type RowAction,
  type ScreenConfig,
  actionApplies,
  actionHref,
  exportApiPath,
  initialValues,
  listApiPath,
  listStateToUrlQuery,
  parseListState,
  readListAnswer,
  recordLabel,
  toBody,
} from '@/lib/resource-ui';
import { ConfirmDialog } from './confirm-dialog';
import { downloadFile } from './download';
import { ActionIconView } from './icons';
import { useNotice } from './notice';
import { invalidateOptions, useRemoteOptions } from './use-options';

// The grid loads next to the list's first rows (its module is the largest of the client code),
// with a placeholder of the same height until then; the dialogs load when first opened.
const ResourceGrid = dynamic(() => import('./resource-grid').then((module) => module.ResourceGrid), { ssr: false, loading: () => <GridPlaceholder /> });
const ResourceForm = dynamic(() => import('./resource-form').then((module) => module.ResourceForm), { ssr: false });
const HistoryDialog = dynamic(() => import('./history-dialog').then((module) => module.HistoryDialog), { ssr: false });
const PasswordDialog = dynamic(() => import('./password-dialog').then((module) => module.PasswordDialog), { ssr: false });

/** True from the first time `open` is true: a lazy dialog stays mounted to animate its closing. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
import type { GridRowAction } from './resource-grid';
import { useT } from './use-t';

export type ResourceListProps = {
  config: ScreenConfig;
  /** What this user may do here (see abilitiesFor). */
  can: Abilities;
  /** The page's search params, read by the server page, so the first render already matches the address. */
  initialQuery?: Record<string, string | string[] | undefined>;
  /** For `custom` row actions. `reload` refreshes the rows afterwards. */
  onAction?: (key: string, record: ApiRecord, reload: () => void) => void;
};

const SEARCH_DELAY_MS = 300;

type Pending =
  | { kind: 'delete'; record: ApiRecord }
  | { kind: 'action'; action: RowAction; record: ApiRecord };

function pageInPath(path: string): number {
  return Number(new URLSearchParams(path.split('?')[1] ?? '').get('page') ?? '1');
}

function isDestructive(pending: Pending | null): boolean {
  if (!pending) return false;
  return pending.kind === 'delete' || pending.action.icon === 'deactivate' || pending.action.icon === 'lock';
}

export function ResourceList({ config, can, initialQuery, onAction }: ResourceListProps) {
  const t = useT();
  const router = useRouter();
  const pathname = usePathname();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const headingId = useId();
  const { notify, node: notice } = useNotice();

  const [state, setState] = useState<ListState>(() => parseListState(initialQuery ?? {}, config));
  const [searchText, setSearchText] = useState(state.search);
  const [rows, setRows] = useState<ApiRecord[]>([]);
  const [total, setTotal] = useState(0);
  // The path of the rows on screen: the grid shows "loading" while the state asks for another.
  const [shownPath, setShownPath] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((key) => key + 1), []);
  useEffect(() => {
    window.addEventListener(RELOAD_LISTS_EVENT, reload);
    return () => window.removeEventListener(RELOAD_LISTS_EVENT, reload);
  }, [reload]);

  const [form, setForm] = useState<{ open: boolean; mode: FormMode; id: number | string | null }>({ open: false, mode: 'create', id: null });
  const [history, setHistory] = useState<{ open: boolean; record: ApiRecord | null }>({ open: false, record: null });
  const [password, setPassword] = useState<{ open: boolean; record: ApiRecord | null; action: RowAction | null }>({ open: false, record: null, action: null });
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);

  // The search box answers at once; the list follows when typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setState((current) => (current.search === searchText ? current : { ...current, search: searchText, page: 0 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // Mirror the list's state in the address without adding history entries.
  const urlQuery = listStateToUrlQuery(state);
  useEffect(() => {
    if (config.embedded || window.location.search.replace(/^\?/, '') === urlQuery) return;
    router.replace(urlQuery ? `${pathname}?${urlQuery}` : pathname, { scroll: false });
  }, [urlQuery, pathname, router, config.embedded]);

  // A newer request always wins over a slower older one.
  const requestSeq = useRef(0);
  const apiPath = listApiPath(config.base, state, config.defaultOrdering, config.fixedQuery);
  useEffect(() => {
    const seq = ++requestSeq.current;
    api.get(apiPath, { callType: `list:${config.base}` }).then((res) => {
      if (seq !== requestSeq.current) return;
      setShownPath(apiPath);
      if (res.ok) {
        const answer = readListAnswer(res.data);
        setRows(answer.rows);
        setTotal(answer.total);
        setLoadError(null);
        // After deleting the last row of the last page, step back instead of showing nothing.
        if (answer.rows.length === 0 && answer.total > 0) {
          setState((current) => (current.page === 0 ? current : { ...current, page: Math.max(0, Math.ceil(answer.total / current.pageSize) - 1) }));
        }
      } else if (res.status === 404 && pageInPath(apiPath) > 1) {
        // A page past the end (rows deleted elsewhere, an old link) starts over at the first.
        setState((current) => ({ ...current, page: 0 }));
      } else {
        setRows([]);
        setTotal(0);
        setLoadError(formatErrors(res.data).join('\n') || t('resource.load_error'));
      }
    });
  }, [apiPath, config.base, reloadKey, t]);

  const loading = shownPath !== apiPath;
  const changeState = (patch: Partial<ListState>) => setState((current) => ({ ...current, ...patch }));

  // --- columns -------------------------------------------------------------------------------

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
    changeState({ ordering, page: 0 });
  };

  const handlePagination = (model: GridPaginationModel) => {
    changeState(model.pageSize !== state.pageSize ? { pageSize: model.pageSize, page: 0 } : { page: model.page });
  };

  const extraActions = useMemo(() => config.rowActions.filter((action) => can[action.ability ?? 'edit']), [config.rowActions, can]);

  const runAction = useCallback(
    async (action: RowAction, record: ApiRecord) => {
      if (action.kind === 'link') {
        router.push(actionHref(action.href, record));
        return;
      }
      if (action.kind === 'password') {
        setPassword({ open: true, record, action });
        return;
      }
      if (action.kind === 'custom') {
        onAction?.(action.key, record, reload);
        return;
      }
      // An update re-reads the record first: the list may not carry every field the PUT needs.
      setBusy(true);
      const shown = await api.get(`${config.base}${record.id}/`, { callType: 'show' });
      const res = shown.ok
        ? await api.put(`${config.base}${record.id}/`, {
            body: { ...toBody(config.fields, initialValues(config.fields, shown.data as ApiRecord, 'edit'), 'edit', record.id), [action.set.field]: action.set.value },
          })
        : shown;
      setBusy(false);
      setPending(null);
      if (res.ok) {
        notify(t(action.successKey ?? 'resource.saved', { label: recordLabel(record, config.labelField) }));
        invalidateOptions(config.base);
        reload();
      } else notify(formatErrors(res.data).join('\n') || t('resource.save_error'), 'error');
    },
    [config.base, config.fields, config.labelField, notify, onAction, reload, router, t],
  );

  const requestAction = useCallback(
    (action: RowAction, record: ApiRecord) => {
      if (action.confirmKey) setPending({ kind: 'action', action, record });
      else void runAction(action, record);
    },
    [runAction],
  );

  const actionCount = (can.edit ? 1 : 0) + (can.history ? 1 : 0) + (can.delete ? 1 : 0) + extraActions.length;
  const rowActions = useCallback(
    (record: ApiRecord): GridRowAction[] => {
      const items: GridRowAction[] = [];
      if (can.edit) items.push({ key: 'edit', label: t('resource.edit'), icon: <ActionIconView name="edit" />, onClick: () => setForm({ open: true, mode: 'edit', id: record.id ?? null }), testId: 'row-edit' });
      for (const action of extraActions) {
        if (!actionApplies(action, record)) continue;
        items.push({ key: action.key, label: t(action.labelKey), icon: <ActionIconView name={action.icon} />, onClick: () => requestAction(action, record), testId: `row-${action.key}` });
      }
      if (can.history) items.push({ key: 'history', label: t('resource.history'), icon: <ActionIconView name="history" />, onClick: () => setHistory({ open: true, record }), testId: 'row-history' });
      if (can.delete) items.push({ key: 'delete', label: t('resource.delete'), icon: <ActionIconView name="delete" />, onClick: () => setPending({ kind: 'delete', record }), testId: 'row-delete' });
      return items;
    },
    [can.edit, can.history, can.delete, extraActions, requestAction, t],
  );

  const columnVisibilityModel = useMemo(
    () => Object.fromEntries(config.columns.filter((column) => column.hideOnSmall).map((column) => [column.field, !small])),
    [config.columns, small],
  );

  const fieldLabels = useMemo(() => {
    const labels: Record<string, string> = {};
    for (const column of config.columns) labels[column.field] = column.headerKey;
    for (const field of config.fields) labels[field.name] = field.labelKey;
    return labels;
  }, [config.columns, config.fields]);

  // --- actions -------------------------------------------------------------------------------

  const confirmPending = async () => {
    if (!pending) return;
    if (pending.kind === 'action') {
      await runAction(pending.action, pending.record);
      setPending(null);
      return;
    }
    setBusy(true);
    const res = await api.delete(`${config.base}${pending.record.id}/`);
    setBusy(false);
    setPending(null);
    if (res.ok) {
      notify(t('resource.deleted'));
      invalidateOptions(config.base);
      reload();
    } else notify(formatErrors(res.data).join('\n') || t('resource.delete_error'), 'error');
  };

  const startExport = async (format: 'xlsx' | 'csv') => {
    setExportAnchor(null);
    setExporting(true);
    const slug = config.base.split('/').filter(Boolean).pop() ?? 'export';
    const result = await downloadFile(exportApiPath(config.base, state, config.defaultOrdering, format, config.fixedQuery), `${slug}.${format}`);
    setExporting(false);
    if (result.ok) return;
    if (result.status === 401) void logout();
    else notify(formatErrors(result.data).join('\n') || t(result.status === 0 ? 'resource.network_error' : 'resource.export_error'), 'error');
  };

  const handleSaved = (record: ApiRecord, mode: FormMode) => {
    setForm((current) => ({ ...current, open: false }));
    notify(t(mode === 'create' ? 'resource.created' : 'resource.saved', { label: recordLabel(record, config.labelField) }));
    invalidateOptions(config.base);
    reload();
  };

  const formUsed = useOpenedOnce(form.open);
  const historyUsed = useOpenedOnce(history.open);
  const passwordUsed = useOpenedOnce(password.open);

  const pendingQuestion = pending
    ? t(pending.kind === 'delete' ? 'resource.confirm_delete' : (pending.action.confirmKey ?? 'resource.confirm_title'), {
        label: recordLabel(pending.record, config.labelField),
      })
    : '';

  const activeFilters = (state.search ? 1 : 0) + (state.status !== 'all' ? 1 : 0) + Object.keys(state.filters).length;

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
          {config.allowExport && can.export && (
            <>
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                onClick={(event) => setExportAnchor(event.currentTarget)}
                disabled={exporting}
                aria-haspopup="menu"
                aria-expanded={exportAnchor ? 'true' : undefined}
                data-testid="resource-export"
              >
                {t('resource.export')}
              </Button>
              <Menu anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
                <MenuItem onClick={() => startExport('xlsx')} data-testid="resource-export-xlsx">
                  <ListItemText primary={t('resource.export_xlsx')} />
                </MenuItem>
                <MenuItem onClick={() => startExport('csv')} data-testid="resource-export-csv">
                  <ListItemText primary={t('resource.export_csv')} />
                </MenuItem>
              </Menu>
            </>
          )}
          {config.allowCreate && can.create && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, mode: 'create', id: null })} data-testid="resource-new">
              {t('resource.new')}
            </Button>
          )}
        </Stack>
      </Stack>

      <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ p: 1.5, alignItems: { md: 'center' } }}
          role="search"
          aria-label={t('resource.filters')}
        >
          {config.searchable && (
            <TextField
              type="search"
              size="small"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t('resource.search_placeholder')}
              sx={{ flexGrow: 1, maxWidth: { md: 420 } }}
              data-testid="resource-search"
              slotProps={{
                htmlInput: { 'aria-label': t('resource.search'), maxLength: 200 },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
          {config.statusFilter !== false && (
            <TextField
              select
              size="small"
              label={t('resource.filter_status')}
              value={state.status}
              onChange={(event) => changeState({ status: event.target.value as ListState['status'], page: 0 })}
              sx={{ minWidth: 160 }}
              data-testid="resource-status-filter"
            >
              <MenuItem value="all">{t('resource.status_all')}</MenuItem>
              <MenuItem value="true">{t('resource.status_active_plural')}</MenuItem>
              <MenuItem value="false">{t('resource.status_inactive_plural')}</MenuItem>
            </TextField>
          )}
          {config.filters.map((filter) => (
            <ListFilterSelect
              key={filter.param}
              filter={filter}
              value={state.filters[filter.param] ?? ''}
              onChange={(value) => {
                const filters = { ...state.filters };
                if (value) filters[filter.param] = value;
                else delete filters[filter.param];
                changeState({ filters, page: 0 });
              }}
            />
          ))}
          <Box sx={{ flexGrow: 1, display: { xs: 'none', md: 'block' } }} />
          {activeFilters > 0 && (
            <Button
              size="small"
              onClick={() => {
                setSearchText('');
                changeState({ search: '', status: 'all', filters: {}, page: 0 });
              }}
            >
              {t('resource.clear_filters')}
            </Button>
          )}
        </Stack>
        {(exporting || busy) && <LinearProgress aria-label={t(exporting ? 'resource.exporting' : 'resource.working')} />}
        {loadError && (
          <Alert
            severity="error"
            sx={{ mx: 1.5, mb: 1.5, whiteSpace: 'pre-line' }}
            action={
              <Button color="inherit" size="small" onClick={reload}>
                {t('resource.retry')}
              </Button>
            }
          >
            {loadError}
          </Alert>
        )}
        {/* The grid passes no extra attributes to its root: the test id sits on a wrapper. */}
        <Box data-testid="resource-grid" sx={{ minWidth: 0 }}>
        <ResourceGrid
          rows={rows}
          total={total}
          loading={loading}
          columns={config.columns}
          rowActions={rowActions}
          actionCount={actionCount}
          actionsHeader={t('resource.actions')}
          page={state.page}
          pageSize={state.pageSize}
          onPagination={handlePagination}
          sortModel={sortModel}
          onSort={handleSort}
          columnVisibilityModel={columnVisibilityModel}
          onRowDoubleClick={(record) => {
            if (can.edit) setForm({ open: true, mode: 'edit', id: record.id ?? null });
          }}
          labelledBy={headingId}
          t={t}
        />
        </Box>
      </Paper>

      {formUsed && (
        <ResourceForm
          config={config}
          open={form.open}
          mode={form.mode}
          recordId={form.id}
          onClose={() => setForm((current) => ({ ...current, open: false }))}
          onSaved={handleSaved}
        />
      )}
      {historyUsed && (
        <HistoryDialog
          open={history.open}
          base={config.base}
          recordId={history.record?.id ?? null}
          recordLabel={history.record ? recordLabel(history.record, config.labelField) : undefined}
          fieldLabels={fieldLabels}
          onClose={() => setHistory((current) => ({ ...current, open: false }))}
        />
      )}
      {passwordUsed && (
        <PasswordDialog
          open={password.open}
          path={password.record && password.action?.kind === 'password' ? `${config.base}${password.record.id}/${password.action.path}` : null}
          label={password.record ? recordLabel(password.record, config.labelField) : ''}
          minLength={password.action?.kind === 'password' ? password.action.minLength : undefined}
          onClose={() => setPassword((current) => ({ ...current, open: false }))}
          onDone={(detail) => {
            setPassword((current) => ({ ...current, open: false }));
            notify(detail ?? t('resource.password_changed'));
          }}
        />
      )}
      <ConfirmDialog
        open={!!pending}
        message={pendingQuestion}
        destructive={isDestructive(pending)}
        busy={busy}
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      />
      {notice}
    </Box>
  );
}

/** One list filter: yes/no, fixed choices, or the records of another resource (careers, periods...). */
function ListFilterSelect({ filter, value, onChange }: { filter: ListFilter; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const remote = useRemoteOptions(filter.optionsFrom);
  const options =
    filter.type === 'boolean'
      ? [
          { value: 'true', label: t('resource.yes') },
          { value: 'false', label: t('resource.no') },
        ]
      : filter.optionsFrom
        ? remote.options.map((option) => ({ value: String(option.id), label: option.detail ? `${option.label} (${option.detail})` : option.label }))
        : (filter.options ?? []).map((option) => ({ value: String(option.value), label: t(option.labelKey) }));
  // Until remote choices arrive, a value from the address would make MUI warn and show blank.
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <TextField
      select
      size="small"
      label={t(filter.labelKey)}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 160, maxWidth: 280 }}
      data-testid={`resource-filter-${filter.param}`}
    >
      <MenuItem value="">{t('resource.status_all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The grid's place while its module loads: the same frame and height, so nothing jumps. */
function GridPlaceholder() {
  return (
    <Box aria-busy="true" sx={{ borderTop: 1, borderColor: 'divider', minHeight: 420, position: 'relative' }}>
      <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
    </Box>
  );
}
