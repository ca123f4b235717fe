'use client';
// The admissions of a period in figures: a bar chart and a table per dimension (status, career,
// campus, how they found the school, school of origin) from stats/, and the same as a workbook.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
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
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { actionUrl, useActionQuery } from '@/lib/api/actions';
import { aspirantStats } from '@/lib/contracts/inscription';
import { formatNumber } from '@/lib/format';

const DIMENSIONS = ['by_status', 'by_career', 'by_campus', 'by_how_find', 'by_school_origin'] as const;
/** Bars a chart shows; the table lists them all. */
const CHART_ROWS = 12;

export function AspirantStatsView({ cicleId }: { cicleId: number | null }) {
  const t = useT();
  const { cicle } = useShell();
  const period = cicle?.id ?? cicleId;
  const query = period ? { cicle_id: String(period) } : {};
  const stats = useActionQuery(aspirantStats, { query });
  const data = stats.data;
  return (
    <Stack spacing={3} data-testid="screen-content">
      <ScreenHeading title={t('admissions.stats.title')} subtitle={cicle ? t('admissions.stats.period', { period: cicle.description }) : t('admissions.stats.all_periods')}>
        <Button variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(aspirantStats, { query: { ...query, format: 'xlsx' } })} data-testid="stats-export">
          {t('admissions.stats.export')}
        </Button>
      </ScreenHeading>
      {stats.isError && <Alert severity="error">{t('resource.load_error')}</Alert>}
      {data && (
        <Typography variant="body1" data-testid="stats-total">
          {t('admissions.stats.summary', { total: formatNumber(data.total), inactive: formatNumber(data.inactive) })}
        </Typography>
      )}
      {data && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {DIMENSIONS.map((dimension) => {
            const rows = data[dimension];
            const shown = rows.slice(0, CHART_ROWS);
            return (
              <Paper key={dimension} variant="outlined" component="section" aria-label={t(`admissions.stats.${dimension}`)} sx={{ p: 2 }} data-testid={`stats-${dimension}`}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t(`admissions.stats.${dimension}`)}
                </Typography>
                {rows.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('admissions.stats.none')}
                  </Typography>
                ) : (
                  <>
                    <BarChart
                      dataset={shown.map((row) => ({ label: row.label, count: row.count }))}
                      layout="horizontal"
                      yAxis={[{ scaleType: 'band', dataKey: 'label', width: 170 }]}
                      xAxis={[{ tickMinStep: 1 }]}
                      series={[{ dataKey: 'count', label: t('admissions.stats.count') }]}
                      height={Math.max(140, 36 * shown.length + 60)}
                      hideLegend
                    />
                    <Table size="small">
                      <TableHead>
                        <TableRow>
                          <TableCell>{t(`admissions.stats.${dimension}`)}</TableCell>
                          <TableCell align="right">{t('admissions.stats.count')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {rows.map((row) => (
                          <TableRow key={`${row.key}-${row.label}`}>
                            <TableCell>{row.label}</TableCell>
                            <TableCell align="right">{formatNumber(row.count)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </>
                )}
              </Paper>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
