'use client';
// Herramientas › Importar datos (issue 31): choose what to import, download its template, upload
// the filled file, correct how its columns are read (and save that for next time), look at the
// first rows as they will be stored and at the errors by row and column, try it without saving
// (dry run), import it with a progress bar, download the report; and the past imports.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useRef, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { actionUrl, callAction, useActionQuery } from '@/lib/api/actions';
import { useResourceRows } from '@/lib/api/resources';
import { type ImportResult, type ImporterName, dryRunImport, importPreview, importReport, importTemplate, importers, previewImport, runImport, saveImportMapping, uploadImport } from '@/lib/contracts/imports';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { formatDateTime } from '@/lib/format';
import type { JobWire } from '@/lib/jobs';
import type { z } from 'zod';

type Preview = z.output<typeof importPreview>;

export function ImportScreen() {
  const t = useT();
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const invalidate = useInvalidateApi();
  const available = useActionQuery(importers, {});
  const [importer, setImporter] = useState<ImporterName | ''>('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Record<string, number | null>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [running, setRunning] = useState<{ jobId: number; dryRun: boolean } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const history = useResourceRows('imports', { ordering: '-id', page_size: '20' });

  const definition = available.data?.results.find((item) => item.name === importer) ?? null;
  const chosen = importer || available.data?.results[0]?.name || '';
  const current = definition ?? available.data?.results.find((item) => item.name === chosen) ?? null;

  const failed = (data: unknown) => setProblem(formatErrors(data).join('\n') || t('resource.save_error'));

  const upload = async (file: File | undefined) => {
    if (!file || !current) return;
    setProblem(null);
    setNotice(null);
    setResult(null);
    setPreview(null);
    setBusy(true);
    const answer = await callAction(uploadImport, { body: { importer: current.name, file } });
    setBusy(false);
    if (fileInput.current) fileInput.current.value = '';
    if (!answer.ok) return failed(answer.data);
    setPreview(answer.data);
    setMapping(answer.data.mapping);
    void invalidate(RESOURCE_BASES.imports);
  };

  const applyMapping = async () => {
    if (!preview) return;
    setProblem(null);
    setBusy(true);
    const answer = await callAction(previewImport, { params: { id: preview.id }, body: { mapping } });
    setBusy(false);
    if (!answer.ok) return failed(answer.data);
    setPreview(answer.data);
  };

  const saveMapping = async () => {
    if (!preview || !current) return;
    const byHeader = Object.fromEntries(Object.entries(mapping).map(([key, index]) => [key, index === null ? null : (preview.headers[index] ?? null)]));
    const answer = await callAction(saveImportMapping, { body: { importer: current.name, mapping: byHeader } });
    if (!answer.ok) return failed(answer.data);
    setNotice(t('imports.mapping_saved', { importer: current.label }));
  };

  const start = async (dryRun: boolean) => {
    if (!preview) return;
    setProblem(null);
    setResult(null);
    const answer = await callAction(dryRun ? dryRunImport : runImport, { params: { id: preview.id }, body: { mapping } });
    if (!answer.ok) return failed(answer.data);
    setRunning({ jobId: answer.data.job_id, dryRun });
  };

  const finished = useCallback(
    (job: JobWire) => {
      setRunning(null);
      void invalidate(RESOURCE_BASES.imports, RESOURCE_BASES.students, RESOURCE_BASES.teachers);
      if (job.status === 'FAILED') return setProblem(formatErrors(job.error).join('\n') || t('jobs.failed'));
      setResult(job.result as ImportResult);
    },
    [invalidate, t],
  );

  const mappedColumns = current && preview ? current.columns.filter((column) => mapping[column.key] !== null && mapping[column.key] !== undefined) : [];
  const shownErrors = result?.status === 'REFUSED' ? result.errors : (preview?.errors ?? []);

  return (
    <Stack spacing={2} component="section" aria-labelledby={titleId}>
      <ScreenHeading title={t('imports.title')} subtitle={t('imports.intro')} titleId={titleId} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('imports.importer')}
            value={chosen}
            onChange={(event) => {
              setImporter(event.target.value as ImporterName);
              setPreview(null);
              setResult(null);
            }}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'import-importer' }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            {available.data?.results.map((item) => (
              <option key={item.name} value={item.name}>
                {item.label}
              </option>
            ))}
          </TextField>
          {current && (
            <Button variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(importTemplate, { query: { importer: current.name } })} data-testid="import-template">
              {t('imports.download_template')}
            </Button>
          )}
          <Button component="label" variant="contained" startIcon={<UploadFileOutlined />} disabled={!current || busy || running !== null}>
            {t('imports.upload')}
            <input ref={fileInput} hidden type="file" accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv" data-testid="import-file" onChange={(event) => void upload(event.target.files?.[0])} />
          </Button>
        </Stack>
        {current && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('imports.natural_key', { columns: current.natural_key.join(' / ') })}
          </Typography>
        )}
        {busy && <Typography sx={{ mt: 1 }}>{t('imports.uploading')}</Typography>}
      </Paper>

      {problem && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="import-problem">
          {problem}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" data-testid="import-notice" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}

      {preview && current && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="import-upload">
          <Typography variant="subtitle1" component="h2">
            {t('imports.file_summary', { file: preview.file_name, rows: preview.total_rows })}
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {t('imports.mapping')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('imports.mapping_help')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 1.5, mt: 1.5 }} data-testid="import-mapping">
            {current.columns.map((column) => (
              <TextField
                key={column.key}
                select
                size="small"
                label={`${column.label}${column.required ? ' *' : ''}`}
                value={mapping[column.key] === null || mapping[column.key] === undefined ? '' : String(mapping[column.key])}
                onChange={(event) => setMapping((before) => ({ ...before, [column.key]: event.target.value === '' ? null : Number(event.target.value) }))}
                slotProps={{ select: { native: true }, htmlInput: { 'data-testid': `map-${column.key}` }, inputLabel: { shrink: true } }}
              >
                <option value="">{t('imports.not_mapped')}</option>
                {preview.headers.map((header, index) => (
                  <option key={index} value={String(index)}>
                    {header || `#${index + 1}`}
                  </option>
                ))}
              </TextField>
            ))}
          </Box>
          {preview.missing.length > 0 && (
            <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="import-missing">
              {t('imports.missing', { columns: preview.missing.join(', ') })}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => void applyMapping()} disabled={busy || running !== null} data-testid="import-apply">
              {t('imports.apply_mapping')}
            </Button>
            <Button onClick={() => void saveMapping()} disabled={busy} data-testid="import-save-mapping">
              {t('imports.save_mapping')}
            </Button>
          </Stack>

          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {t('imports.preview')}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="import-preview">
              <TableHead>
                <TableRow>
                  <TableCell>{t('imports.row')}</TableCell>
                  {mappedColumns.map((column) => (
                    <TableCell key={column.key}>{column.label}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.rows.map((row) => (
                  <TableRow key={row.row} data-testid={`preview-row-${row.row}`}>
                    <TableCell>{row.row}</TableCell>
                    {mappedColumns.map((column) => (
                      <TableCell key={column.key}>{row.values[column.key] ?? ''}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>

          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {t('imports.errors_title')}
          </Typography>
          {shownErrors.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="import-no-errors">
              {t('imports.no_errors')}
            </Typography>
          ) : (
            <Table size="small" data-testid="import-errors">
              <TableHead>
                <TableRow>
                  <TableCell>{t('imports.report.row')}</TableCell>
                  <TableCell>{t('imports.report.column')}</TableCell>
                  <TableCell>{t('imports.report.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shownErrors.map((error, index) => (
                  <TableRow key={`${error.row}-${error.column}-${index}`} data-testid={`import-error-${error.row}`}>
                    <TableCell>{error.row}</TableCell>
                    <TableCell>{error.header ?? ''}</TableCell>
                    <TableCell>{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
            <Button variant="outlined" onClick={() => void start(true)} disabled={running !== null || preview.missing.length > 0} data-testid="import-dry-run">
              {t('imports.dry_run')}
            </Button>
            <Button variant="contained" onClick={() => void start(false)} disabled={running !== null || preview.missing.length > 0} data-testid="import-run">
              {t('imports.run')}
            </Button>
            {running && <JobProgress jobId={running.jobId} label={t('imports.running', { file: preview.file_name })} onFinished={finished} />}
          </Stack>
          {result && (
            <Alert severity={result.status === 'REFUSED' ? 'error' : 'success'} sx={{ mt: 2 }} data-testid="import-result" data-status={result.status}>
              {t(`imports.result.${result.status}`, { created: result.created, updated: result.updated, unchanged: result.unchanged, refused: result.refused })}{' '}
              <Button size="small" startIcon={<DownloadOutlined />} href={actionUrl(importReport, { params: { id: result.id } })} data-testid="import-report">
                {t('imports.report_link')}
              </Button>
            </Alert>
          )}
        </Paper>
      )}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {t('imports.history')}
        </Typography>
        {(history.data ?? []).length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('imports.no_history')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="import-history">
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.created_at')}</TableCell>
                  <TableCell>{t('fields.importer')}</TableCell>
                  <TableCell>{t('fields.file_name')}</TableCell>
                  <TableCell>{t('fields.status')}</TableCell>
                  <TableCell>{t('fields.created')}</TableCell>
                  <TableCell>{t('fields.updated')}</TableCell>
                  <TableCell>{t('fields.unchanged')}</TableCell>
                  <TableCell>{t('fields.refused')}</TableCell>
                  <TableCell>{t('fields.user')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {(history.data ?? []).map((row) => (
                  <TableRow key={row.id} data-testid={`import-${row.id}`}>
                    <TableCell>{formatDateTime(row.created_at)}</TableCell>
                    <TableCell>{t(`imports.importers.${row.importer}`)}</TableCell>
                    <TableCell>{row.file_name}</TableCell>
                    <TableCell>{t(`enums.ImportStatus.${row.status}`)}</TableCell>
                    <TableCell>{row.created}</TableCell>
                    <TableCell>{row.updated}</TableCell>
                    <TableCell>{row.unchanged}</TableCell>
                    <TableCell>{row.refused}</TableCell>
                    <TableCell>{row.user?.username ?? ''}</TableCell>
                    <TableCell>
                      {['CHECKED', 'IMPORTED', 'REFUSED'].includes(row.status) && (
                        <Button size="small" href={actionUrl(importReport, { params: { id: row.id } })}>
                          {t('imports.report_link')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
