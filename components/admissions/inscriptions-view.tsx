'use client';
// Inscr./Reins. › Inscripciones: the applicants of the top bar's period who became students, with
// their control number and group, what they were charged in the period and still owe, and the
// mandatory documents missing from their file — the list control escolar and the cashier work
// through in the first weeks. Figures on top filter the list; the same rows download as a workbook.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useMemo, useState } from 'react';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useCampusCareers } from '@/components/resource/use-campus-careers';
import { useT } from '@/components/resource/use-t';
import type { InscriptionRow as Row } from '@/lib/admissions/inscriptions';
import { normalizeForSearch } from '@/lib/auth/access';
import { useShell } from '@/components/shell/ShellContext';
import { actionUrl, useActionQuery } from '@/lib/api/actions';
import { periodInscriptions } from '@/lib/contracts/inscription';
import { formatDate, formatMoney } from '@/lib/format';

const SPANISH = esES.components.MuiDataGrid.defaultProps.localeText;
type Only = 'all' | 'debt' | 'documents';

export function InscriptionsView() {
  const t = useT();
  const locale = useLocale();
  const { cicle, campus } = useShell();
  const [careerId, setCareerId] = useState('');
  const [only, setOnly] = useState<Only>('all');
  const [search, setSearch] = useState('');
  const query = { ...(cicle ? { cicle_id: String(cicle.id) } : {}), ...(campus ? { campus_id: String(campus.id) } : {}), ...(careerId ? { career_id: careerId } : {}) };
  const answer = useActionQuery(periodInscriptions, cicle ? { query } : null);
  const careers = useCampusCareers(campus?.id);
  const data = answer.data;
  // Accents and case aside, as every search of the app.
  const words = normalizeForSearch(search).split(/\s+/).filter(Boolean);
  const rows = (data?.rows ?? [])
    .filter((row) => (only === 'debt' ? Number(row.debt) > 0 : only === 'documents' ? row.pending_documents.length > 0 : true))
    .filter((row) => words.every((word) => normalizeForSearch(`${row.no_control} ${row.name} ${row.group ?? ''}`).includes(word)));

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'no_control', headerName: t('fields.no_control'), width: 120 },
      {
        field: 'name',
        headerName: t('admissions.inscriptions.name'),
        flex: 1.4,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Link href={`/scholar/students/${row.student_id}`} prefetch={false}>
            {row.name}
          </Link>
        ),
      },
      { field: 'career', headerName: t('fields.career'), flex: 1, minWidth: 160 },
      { field: 'group', headerName: t('fields.group'), width: 100 },
      { field: 'inscribed_at', headerName: t('admissions.inscriptions.inscribed_at'), width: 120, valueFormatter: (value: string) => formatDate(value) },
      { field: 'charged', headerName: t('admissions.inscriptions.charged'), width: 120, align: 'right', headerAlign: 'right', sortComparator: (a: string, b: string) => Number(a) - Number(b), valueFormatter: (value: string) => formatMoney(value) },
      {
        field: 'debt',
        headerName: t('fields.total_debt'),
        width: 120,
        align: 'right',
        headerAlign: 'right',
        sortComparator: (a: string, b: string) => Number(a) - Number(b),
        renderCell: ({ row }) => (
          <Box component="span" sx={{ color: Number(row.debt) > 0 ? 'error.main' : 'success.main', fontWeight: 500 }}>
            {formatMoney(row.debt)}
          </Box>
        ),
      },
      {
        field: 'pending_documents',
        headerName: t('admissions.inscriptions.pending_documents'),
        flex: 1.4,
        minWidth: 220,
        sortComparator: (a: string[], b: string[]) => a.length - b.length,
        renderCell: ({ row }) =>
          row.pending_documents.length === 0 ? (
            <Chip size="small" color="success" variant="outlined" label={t('scholar.checklist.complete')} />
          ) : (
            <Typography variant="body2" color="warning.main" sx={{ whiteSpace: 'normal', lineHeight: 1.3, py: 0.5 }} title={row.pending_documents.join(', ')}>
              {row.pending_documents.join(', ')}
            </Typography>
          ),
      },
    ],
    [t],
  );

  const figure = (key: Only, count: number | undefined, label: string, color: 'primary' | 'error' | 'warning') => (
    <Chip
      clickable
      color={only === key ? color : 'default'}
      variant={only === key ? 'filled' : 'outlined'}
      onClick={() => setOnly(only === key && key !== 'all' ? 'all' : key)}
      label={`${label}: ${count ?? '—'}`}
      data-testid={`inscriptions-only-${key}`}
    />
  );

  return (
    <Stack spacing={2.5} data-testid="screen-content">
      <ScreenHeading title={t('admissions.inscriptions.title')} subtitle={cicle ? t('admissions.inscriptions.period', { period: cicle.description }) : t('admissions.inscriptions.choose_period')}>
        <Button variant="outlined" startIcon={<DownloadOutlined />} disabled={!cicle} href={actionUrl(periodInscriptions, { query: { ...query, format: 'xlsx' } })} data-testid="inscriptions-export">
          {t('resource.export_xlsx')}
        </Button>
      </ScreenHeading>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
          <TextField
            size="small"
            type="search"
            label={t('resource.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'inscriptions-search' } }}
          />
          <TextField select size="small" label={t('fields.career')} value={careerId} onChange={(event) => setCareerId(event.target.value)} sx={{ minWidth: 260 }} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
            <MenuItem value="">{t('admissions.inscriptions.all_careers')}</MenuItem>
            {careers.map((career) => (
              <MenuItem key={career.id} value={String(career.id)}>
                {career.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {figure('all', data?.total, t('admissions.inscriptions.total'), 'primary')}
            {figure('debt', data?.with_debt, t('admissions.inscriptions.with_debt'), 'error')}
            {figure('documents', data?.with_pending_documents, t('admissions.inscriptions.with_documents'), 'warning')}
          </Stack>
        </Stack>
        {answer.isError && <Alert severity="error">{answer.error.lines.join('\n') || t('resource.load_error')}</Alert>}
        <Box data-testid="inscriptions-grid">
        <DataGrid
          rows={rows}
          columns={columns}
          getRowId={(row) => row.aspirant_id}
          loading={answer.isFetching}
          getRowHeight={() => 'auto'}
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          disableRowSelectionOnClick
          localeText={{ ...(locale === 'es' ? SPANISH : {}), noRowsLabel: t(data?.rows.length ? 'admissions.inscriptions.no_match' : 'admissions.inscriptions.empty') }}
          sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        />
        </Box>
      </Paper>
    </Stack>
  );
}
