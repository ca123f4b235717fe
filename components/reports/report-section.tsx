'use client';
// One report of the Reportes submenu: its figures for the top bar's period and campus (and a career
// picked here) as a bar chart of the largest rows and a table of every row with its totals, and the
// same rows as a workbook. The server counts and checks everything (reports/api/...); this only
// draws what it answers, so the table, the chart and the download always agree.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { useCampusCareers } from '@/components/resource/use-campus-careers';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { ApiError } from '@/lib/api-query';
import { actionUrl, useActionQuery } from '@/lib/api/actions';
import { REPORT_CONTRACTS } from '@/lib/contracts/reports';
import { formatNumber } from '@/lib/format';
import { REPORT_CALLS, type ReportName } from '@/lib/reports/catalog';

/** Bars a chart draws: the largest rows (the answer comes largest first); the table has them all. */
const CHART_ROWS = 15;

/**
 * `name` picks the calls (lib/reports/catalog.ts) and the titles (`reports.titles.<name>`). A report
 * of a period counts the top bar's; another offers the period as a switch (off: the active records).
 */
export function ReportSection({ name, note }: { name: ReportName; note?: string }) {
  const t = useT();
  const { periodRequired } = REPORT_CALLS[name];
  const { figures, workbook } = REPORT_CONTRACTS[name];
  const { cicle, campus } = useShell();
  const [careerId, setCareerId] = useState('');
  const [ofPeriod, setOfPeriod] = useState(true);
  const withPeriod = periodRequired || ofPeriod;
  const query: Record<string, string> = {
    ...(withPeriod && cicle ? { cicle_id: String(cicle.id) } : {}),
    // A period belongs to one campus: the campus goes along only when it is the period's.
    ...(campus && (!withPeriod || !cicle || cicle.campus_id === campus.id) ? { campus_id: String(campus.id) } : {}),
    ...(careerId ? { career_id: careerId } : {}),
  };
  const waiting = periodRequired && !cicle;
  const answer = useActionQuery(figures, waiting ? null : { query });
  const careers = useCampusCareers(campus?.id);
  const data = answer.data;
  const shown = data?.rows.slice(0, CHART_ROWS) ?? [];
  const title = t(`reports.titles.${name}`);
  const headers = data ? [t(`reports.groups.${data.group}`), ...(data.detail ? [t(`reports.details.${data.detail}`)] : []), ...data.measures.map((measure) => t(`reports.measures.${measure}`))] : [];

  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }} data-testid={`report-${name}`}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
          <div>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`reports.subtitles.${name}`)} {withPeriod && cicle ? t('reports.period', { period: cicle.description }) : periodRequired ? '' : t('reports.all_periods')}
            </Typography>
          </div>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            {!periodRequired && cicle && (
              <FormControlLabel control={<Switch checked={ofPeriod} onChange={(event) => setOfPeriod(event.target.checked)} />} label={t('reports.use_period')} />
            )}
            <TextField select size="small" label={t('fields.career_id')} value={careerId} onChange={(event) => setCareerId(event.target.value)} sx={{ minWidth: 220 }} data-testid={`report-${name}-career`}>
              <MenuItem value="">{t('reports.all_careers')}</MenuItem>
              {careers.map((career) => (
                <MenuItem key={career.id} value={String(career.id)}>
                  {career.name}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" startIcon={<DownloadOutlined />} disabled={waiting} href={actionUrl(workbook, { query })} data-testid={`report-${name}-export`}>
              {t('reports.export')}
            </Button>
          </Stack>
        </Stack>
        {waiting && <Alert severity="info">{t('reports.choose_period')}</Alert>}
        {answer.isFetching && <LinearProgress aria-label={t('reports.loading')} />}
        {answer.error && <Alert severity="error">{answer.error instanceof ApiError && answer.error.lines.length ? answer.error.lines.join('\n') : t('resource.load_error')}</Alert>}
        {data && data.rows.length === 0 && <Alert severity="info">{t('reports.none')}</Alert>}
        {data && data.rows.length > 0 && (
          <>
            <BarChart
              dataset={shown.map((row) => ({ label: row.label, ...row.counts }))}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', dataKey: 'label', width: 200 }]}
              xAxis={[{ tickMinStep: 1 }]}
              series={data.chart.series.map((measure) => ({ dataKey: measure, label: t(`reports.measures.${measure}`), ...(data.chart.stacked ? { stack: 'total' } : {}) }))}
              height={Math.max(160, 32 * shown.length + 80)}
              hideLegend={data.chart.series.length < 2}
            />
            {data.rows.length > CHART_ROWS && (
              <Typography variant="caption" color="text.secondary">
                {t('reports.chart_top', { count: CHART_ROWS })}
              </Typography>
            )}
            <TableContainer sx={{ maxHeight: 560 }}>
              <Table size="small" stickyHeader data-testid={`report-${name}-table`}>
                <TableHead>
                  <TableRow>
                    {headers.map((header, index) => (
                      <TableCell key={header} align={index < headers.length - data.measures.length ? 'left' : 'right'}>
                        {header}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={`${row.key}-${row.label}`} hover>
                      <TableCell>{row.label}</TableCell>
                      {data.detail && <TableCell>{row.detail ?? '—'}</TableCell>}
                      {data.measures.map((measure) => (
                        <TableCell key={measure} align="right">
                          {formatNumber(row.counts[measure])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell colSpan={data.detail ? 2 : 1} sx={{ fontWeight: 600, color: 'text.primary' }}>
                      {t('reports.total')}
                    </TableCell>
                    {data.measures.map((measure) => (
                      <TableCell key={measure} align="right" sx={{ fontWeight: 600, color: 'text.primary' }} data-testid={`report-${name}-total-${measure}`}>
                        {formatNumber(data.totals[measure])}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
            {note && (
              <Typography variant="caption" color="text.secondary">
                {note}
              </Typography>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
