'use client';

// The staff home's headline figures for the top bar's period: students by status, applicants by
// admission step, the period's debts, the grades still to capture — each only for users who may
// open the screen it summarises (the server decides; the home does not even ask when none applies),
// each card a link to that screen.
import Link from 'next/link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { canOpenRoute } from '@/lib/auth/access';
import { useActionQuery } from '@/lib/api/actions';
import { headline } from '@/lib/contracts/reports';
import { formatMoney, formatNumber } from '@/lib/format';
import { routePath } from '@/lib/menu';
import { HEADLINE_ROUTES } from '@/lib/reports/catalog';
import { cardGridSx } from './LinkCard';

type Count = { key: string; label: string; count: number };
type Figure = keyof typeof HEADLINE_ROUTES;

function FigureCard({ figure, title, children }: { figure: Figure; title: string; children: ReactNode }) {
  const { subject } = useShell();
  // A figure links to a screen the user may open; with none of them it is shown without a link
  // (a link would only bounce them back here).
  const route = HEADLINE_ROUTES[figure].find((name) => canOpenRoute(subject, name));
  const content = (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </>
  );
  return (
    <Card component="section" aria-label={title} data-testid={`home-figure-${figure}`}>
      {route ? (
        <CardActionArea component={Link} href={routePath(route)} prefetch={false} sx={{ p: 2, height: '100%', display: 'block' }}>
          {content}
        </CardActionArea>
      ) : (
        <Box sx={{ p: 2, height: '100%' }}>{content}</Box>
      )}
    </Card>
  );
}

function CountBars({ rows, label }: { rows: Count[]; label: string }) {
  return (
    <BarChart
      dataset={rows.map((row) => ({ label: row.label, count: row.count }))}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', dataKey: 'label', width: 110 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[{ dataKey: 'count', label }]}
      height={Math.max(120, 26 * rows.length + 50)}
      hideLegend
    />
  );
}

const big = { fontSize: '1.9rem', fontWeight: 600, lineHeight: 1.2 } as const;

export default function HomeFigures() {
  const t = useT();
  const { subject, cicle, campus } = useShell();
  const any = (Object.keys(HEADLINE_ROUTES) as Figure[]).some((figure) => HEADLINE_ROUTES[figure].some((route) => canOpenRoute(subject, route)));
  const query = cicle ? { cicle_id: String(cicle.id), ...(campus && cicle.campus_id === campus.id ? { campus_id: String(campus.id) } : {}) } : null;
  const answer = useActionQuery(headline, any && query ? { query } : null);
  if (!any || !cicle) return null;
  const data = answer.data;
  return (
    <Box component="section" aria-labelledby="home-figures" data-testid="home-figures">
      <Typography id="home-figures" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500 }}>
        {t('reports.home.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('reports.home.subtitle', { period: cicle.description })}
      </Typography>
      {answer.isError && <Alert severity="error">{t('resource.load_error')}</Alert>}
      {!data && !answer.isError && <Skeleton variant="rounded" height={140} />}
      {data && (
        <Box sx={cardGridSx}>
          {data.students && (
            <FigureCard figure="students" title={t('reports.home.students')}>
              <Typography sx={big}>{formatNumber(data.students.total)}</Typography>
              <CountBars rows={data.students.by_status} label={t('reports.measures.students')} />
            </FigureCard>
          )}
          {data.applicants && (
            <FigureCard figure="applicants" title={t('reports.home.applicants')}>
              <Typography sx={big}>{formatNumber(data.applicants.total)}</Typography>
              <CountBars rows={data.applicants.by_status} label={t('reports.measures.applicants')} />
            </FigureCard>
          )}
          {data.debts && (
            <FigureCard figure="debts" title={t('reports.home.debts')}>
              <Typography sx={{ ...big, color: Number(data.debts.amount) > 0 ? 'error.main' : 'success.main' }}>{formatMoney(data.debts.amount)}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('reports.home.debts_detail', { count: formatNumber(data.debts.count) })}
              </Typography>
            </FigureCard>
          )}
          {data.pending_grades && (
            <FigureCard figure="pending_grades" title={t('reports.home.pending_grades')}>
              <Typography sx={{ ...big, color: data.pending_grades.captures > 0 ? 'warning.main' : 'success.main' }}>{formatNumber(data.pending_grades.captures)}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('reports.home.captures')} · {t('reports.home.pending_detail', { classes: formatNumber(data.pending_grades.classes), teachers: formatNumber(data.pending_grades.teachers) })}
              </Typography>
            </FigureCard>
          )}
        </Box>
      )}
    </Box>
  );
}
