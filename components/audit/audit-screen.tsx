'use client';
// Configuración › Auditoría: every history row of every table (GET manage/api/audit/), newest
// first, filtered by user, table, school days, record and kind of change. The filters, page and
// sort live in the address like any list's (use-list-state.ts), so a link or Back shows the same
// rows; a row opens its change in full, read as a record's history dialog reads it; "Exportar"
// downloads the filtered rows as a workbook.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { keepPreviousData } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { formatErrors, logout } from '@/lib/api-client';
import { actionUrl, useActionQuery } from '@/lib/api/actions';
import type { AnswerOf } from '@/lib/contracts/contract';
import { auditExport, auditPage, auditResources } from '@/lib/contracts/manage';
import { formatDateTime } from '@/lib/format';
import { HISTORY_TYPES, type HistoryType, fieldLabel } from '@/lib/history-text';
import { type ApiRecord, type FormField, type ListColumn, type ListFilter, type ListState } from '@/lib/resource-ui';
import { downloadFile } from '@/components/resource/download';
import { HistoryChanges } from '@/components/resource/history-dialog';
import { GridPlaceholder, GridPlaceholderContext } from '@/components/resource/list/grid-placeholder';
import { useListState } from '@/components/resource/list/use-list-state';
import { useNotice } from '@/components/resource/notice';
import { ReferenceInput } from '@/components/resource/reference-input';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const ResourceGrid = dynamic(() => import('@/components/resource/resource-grid').then((module) => module.ResourceGrid), { ssr: false, loading: () => <GridPlaceholder /> });

const DEFAULT_ORDERING = '-date';

/** The list parameters the address keeps (only `param` matters: the toolbar below draws them). */
const FILTERS: ListFilter[] = ['user_id', 'resource', 'date_after', 'date_before', 'record_id', 'type'].map((param) => ({ param, labelKey: `settings.audit.filters.${param}`, type: 'select' }));
const CONFIG = { filters: FILTERS };

const field = (name: string) => `settings.audit.fields.${name}`;
const COLUMNS: ListColumn[] = [
  { field: 'date', headerKey: field('date'), type: 'datetime', width: 150 },
  { field: 'user_name', headerKey: field('user'), type: 'text', flex: 1, sortable: false, hideOnSmall: true },
  { field: 'resource_label', headerKey: field('resource'), type: 'text', flex: 1, sortable: false },
  { field: 'record_id', headerKey: field('record_id'), type: 'text', width: 100, sortable: false, hideOnSmall: true },
  { field: 'type', headerKey: field('type'), type: 'state', state: 'history', width: 130 },
  { field: 'summary', headerKey: field('summary'), type: 'text', flex: 2, sortable: false, hideOnSmall: true },
];

const USER_FIELD: FormField = {
  name: 'user_id',
  labelKey: 'settings.audit.filters.user',
  type: 'reference',
  section: 'filters',
  optionsFrom: { base: RESOURCE_BASES.users, labelField: 'username', labelFields: ['first_name', 'last_name', 'username'] },
};

type AuditEntry = AnswerOf<typeof auditPage>['data'][number];
type Row = AuditEntry & { user_name: string };

/** The filters the address holds that have a value, as the audit's query reads them. */
function filterQuery(state: ListState): Record<string, string> {
  return Object.fromEntries(Object.entries(state.filters).filter(([, value]) => value !== ''));
}

/** Rows open their detail; they have no buttons of their own. */
const NO_ACTIONS = () => [];

export function AuditScreen() {
  const t = useT();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const headingId = useId();
  const { notify, node: notice } = useNotice();
  const { state, change } = useListState(CONFIG);
  const filters = state.filters;
  const setFilter = useCallback((name: string, value: string) => change((current) => ({ filters: { ...current.filters, [name]: value }, page: 0 })), [change]);

  const answer = useActionQuery(
    auditPage,
    { query: { ...filterQuery(state), page: String(state.page + 1), page_size: String(state.pageSize), ordering: state.ordering || DEFAULT_ORDERING } },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const tables = useActionQuery(auditResources, {});
  const rows: Row[] = useMemo(() => (answer.data?.data ?? []).map((entry) => ({ ...entry, user_name: entry.user?.full_name ?? t('settings.audit.system') })), [answer.data, t]);
  const [open, setOpen] = useState<Row | null>(null);
  const [exporting, setExporting] = useState(false);

  // The record filter asks once typing pauses, not at every key. What is typed shows until the
  // address changes under it (the filter applied, cleared, Back).
  const addressRecord = filters.record_id ?? '';
  const [draft, setDraft] = useState<{ text: string; over: string } | null>(null);
  const recordText = draft && draft.over === addressRecord ? draft.text : addressRecord;
  useEffect(() => {
    if (!draft || draft.over !== addressRecord || draft.text.trim() === addressRecord) return;
    const timer = setTimeout(() => setFilter('record_id', draft.text.trim()), 400);
    return () => clearTimeout(timer);
  }, [draft, addressRecord, setFilter]);

  const sortModel: GridSortModel = [{ field: 'date', sort: state.ordering === 'date' ? 'asc' : 'desc' }];
  const onSort = (model: GridSortModel) => change({ ordering: model[0]?.field === 'date' && model[0].sort === 'asc' ? 'date' : '', page: 0 });
  const onPagination = (model: GridPaginationModel) => change((current) => (model.pageSize !== current.pageSize ? { pageSize: model.pageSize, page: 0 } : { page: model.page }));
  const visibility = useMemo(() => Object.fromEntries(COLUMNS.filter((column) => column.hideOnSmall).map((column) => [column.field, !small])), [small]);
  const placeholder = useMemo(() => ({ rows: rows as unknown as ApiRecord[], columns: COLUMNS, visibility, labelledBy: headingId }), [rows, visibility, headingId]);
  const chosenTable = tables.data?.find((table) => table.resource === filters.resource) ?? (filters.resource ? { resource: filters.resource, label: filters.resource } : null);
  const filtered = Object.values(filters).some(Boolean);

  async function exportRows() {
    setExporting(true);
    const result = await downloadFile(actionUrl(auditExport, { query: { ...filterQuery(state), format: 'xlsx', ordering: state.ordering || DEFAULT_ORDERING } }), 'auditoria.xlsx');
    setExporting(false);
    if (result.ok) return;
    if (result.status === 401) void logout();
    else notify(formatErrors(result.data).join('\n') || t(result.status === 0 ? 'resource.network_error' : 'settings.audit.export_error'), 'error');
  }

  return (
    <Stack spacing={2} data-testid="screen-content" component="section" aria-labelledby={headingId}>
      <ScreenHeading title={t('settings.audit.title')} subtitle={t('settings.audit.description')} titleId={headingId}>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportRows()} disabled={exporting} data-testid="audit-export" sx={{ flexShrink: 0 }}>
          {t('settings.audit.export')}
        </Button>
      </ScreenHeading>
      <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
        <Grid container spacing={1.5} sx={{ p: 1.5 }} data-testid="audit-filters">
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <ReferenceInput field={USER_FIELD} value={filters.user_id ?? ''} label={t('settings.audit.filters.user')} helper="" onChange={(_name, value) => setFilter('user_id', String(value))} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Autocomplete
              options={tables.data ?? []}
              value={chosenTable}
              onChange={(_event, next) => setFilter('resource', next?.resource ?? '')}
              getOptionLabel={(option) => option.label}
              isOptionEqualToValue={(option, other) => option.resource === other.resource}
              loading={tables.isFetching}
              loadingText={t('resource.loading')}
              noOptionsText={t('resource.no_options')}
              size="small"
              fullWidth
              renderInput={(params) => <TextField {...params} label={t('settings.audit.filters.resource')} placeholder={t('settings.audit.filters.all_resources')} data-testid="audit-filter-resource" />}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              select
              label={t('settings.audit.filters.type')}
              value={filters.type ?? ''}
              onChange={(event) => setFilter('type', event.target.value)}
              size="small"
              fullWidth
              data-testid="audit-filter-type"
            >
              <MenuItem value="">{t('settings.audit.filters.all_types')}</MenuItem>
              {(Object.keys(HISTORY_TYPES) as HistoryType[]).map((type) => (
                <MenuItem key={type} value={type}>
                  {t(HISTORY_TYPES[type].key)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <TextField
              type="date"
              label={t('settings.audit.filters.date_after')}
              value={filters.date_after ?? ''}
              onChange={(event) => setFilter('date_after', event.target.value)}
              size="small"
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.date_before || undefined, 'data-testid': 'audit-filter-date-after' } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <TextField
              type="date"
              label={t('settings.audit.filters.date_before')}
              value={filters.date_before ?? ''}
              onChange={(event) => setFilter('date_before', event.target.value)}
              size="small"
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.date_after || undefined, 'data-testid': 'audit-filter-date-before' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={t('settings.audit.filters.record_id')}
                value={recordText}
                onChange={(event) => setDraft({ text: event.target.value.slice(0, 40), over: addressRecord })}
                size="small"
                fullWidth
                autoComplete="off"
                slotProps={{ htmlInput: { 'data-testid': 'audit-filter-record' } }}
              />
              <Button onClick={() => change({ filters: {}, page: 0 })} disabled={!filtered} sx={{ flexShrink: 0 }} data-testid="audit-clear">
                {t('settings.audit.filters.clear')}
              </Button>
            </Stack>
          </Grid>
        </Grid>
        {exporting && <LinearProgress aria-label={t('resource.exporting')} />}
        {answer.error && (
          <Alert severity="error" sx={{ mx: 1.5, mb: 1.5, whiteSpace: 'pre-line' }}>
            {answer.error.lines.join('\n') || t('settings.audit.load_error')}
          </Alert>
        )}
        {answer.data?.elements_capped && (
          <Alert severity="info" sx={{ mx: 1.5, mb: 1.5 }} data-testid="audit-capped">
            {t('settings.audit.capped', { count: answer.data.elements })}
          </Alert>
        )}
        <Box data-testid="resource-grid" sx={{ minWidth: 0 }}>
          <GridPlaceholderContext value={placeholder}>
            <ResourceGrid
              rows={rows as unknown as ApiRecord[]}
              total={answer.data?.elements ?? 0}
              loading={answer.isFetching}
              columns={COLUMNS}
              rowActions={NO_ACTIONS}
              actionCount={0}
              actionsHeader=""
              page={state.page}
              pageSize={state.pageSize}
              onPagination={onPagination}
              sortModel={sortModel}
              onSort={onSort}
              columnVisibilityModel={visibility}
              onRowClick={(record) => setOpen(record as unknown as Row)}
              labelledBy={headingId}
              t={t}
            />
          </GridPlaceholderContext>
        </Box>
      </Paper>
      <AuditDetail entry={open} onClose={() => setOpen(null)} />
      {notice}
    </Stack>
  );
}

/** One history row in full: when, who, which record, and every field it changed. */
function AuditDetail({ entry, onClose }: { entry: Row | null; onClose: () => void }) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const type = entry ? HISTORY_TYPES[entry.type] : null;
  return (
    <Dialog open={entry !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={fullScreen} data-testid="audit-detail">
      {entry && type && (
        <>
          <DialogTitle id={titleId}>{t('settings.audit.detail_title', { id: entry.id })}</DialogTitle>
          <DialogContent dividers>
            <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, typography: 'body2' }}>
              <Fact label={t(field('date'))}>{formatDateTime(entry.date)}</Fact>
              <Fact label={t(field('user'))}>
                {entry.user_name}
                {entry.user && entry.user.username !== entry.user_name && (
                  <Typography component="span" variant="body2" color="text.secondary">{` · ${entry.user.username}`}</Typography>
                )}
              </Fact>
              <Fact label={t(field('resource'))}>{entry.resource_label}</Fact>
              <Fact label={t(field('record_id'))}>{entry.record_id}</Fact>
              <Fact label={t(field('type'))}>
                <Chip size="small" variant="outlined" color={type.color} label={t(type.key)} />
              </Fact>
            </Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t(field('changes'))}
            </Typography>
            <HistoryChanges entry={entry} fieldName={(name) => fieldLabel(name, t)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              {t('resource.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}
