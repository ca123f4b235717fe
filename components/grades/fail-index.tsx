'use client';
// Calificaciones › Índice de reprobación: failures of the period chosen in the top bar, by career,
// group and subject (scores/api/main-scores/failure_statistic/), worst first.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useShell } from '@/components/shell/ShellContext';
import { useActionQuery } from '@/lib/api/actions';
import type { AnswerOf } from '@/lib/contracts/contract';
import { failureStatistic } from '@/lib/contracts/scores';
import { useT } from '@/components/resource/use-t';
import { GradeSection } from './grade-section';
import { gradeTableSx } from './table-style';

type Count = AnswerOf<typeof failureStatistic>['careers'][number];

function Table({ title, rows, testId }: { title: string; rows: Count[]; testId: string }) {
  const t = useT();
  return (
    <GradeSection title={title} scroll sx={{ minWidth: 0, flex: 1 }}>
      <Box component="table" data-testid={testId} sx={gradeTableSx}>
        <thead>
          <tr>
            <th scope="col">{t('grades.fail_name')}</th>
            <th scope="col" className="n">{t('grades.fail_total')}</th>
            <th scope="col" className="n">{t('grades.fail_failed')}</th>
            <th scope="col" className="n">{t('grades.fail_rate')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row.id)}>
              <th scope="row" style={{ fontWeight: 400 }}>
                {row.name ?? '—'}
              </th>
              <td className="n">{row.total}</td>
              <td className="n">{row.failed}</td>
              <td className="n" style={{ minWidth: 110 }}>
                {`${row.rate} %`}
                <LinearProgress variant="determinate" value={Math.min(100, Number(row.rate))} color={Number(row.rate) >= 20 ? 'error' : 'primary'} aria-hidden sx={{ mt: 0.5 }} />
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
    </GradeSection>
  );
}

export function FailIndex() {
  const t = useT();
  const { cicle, campus } = useShell();
  const statistic = useActionQuery(failureStatistic, cicle ? { query: { cicle_id: cicle.id, campus_id: campus?.id } } : null);
  const data = statistic.data;
  const failed = statistic.isError;

  return (
    <Stack spacing={2} data-testid="screen-content">
      <Typography variant="h1">{t('menu.items.scores-fail_index')}</Typography>
      {!cicle && <Alert severity="info">{t('grades.pick_period')}</Alert>}
      {failed && <Alert severity="error">{t('resource.load_error')}</Alert>}
      {data && (
        <>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Chip label={`${t('grades.fail_total')}: ${data.total}`} variant="outlined" />
            <Chip label={`${t('grades.fail_failed')}: ${data.failed}`} color={data.failed ? 'error' : 'default'} data-testid="fail-index-failed" />
            <Chip label={`${t('grades.fail_rate')}: ${data.rate ?? '0.0'} %`} color="primary" />
          </Stack>
          {data.total === 0 ? (
            <Alert severity="info">{t('grades.fail_none')}</Alert>
          ) : (
            <>
              <Table title={t('grades.fail_by_career')} rows={data.careers} testId="fail-index-careers" />
              <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
                <Table title={t('grades.fail_by_group')} rows={data.groups} testId="fail-index-groups" />
                <Table title={t('grades.fail_by_subject')} rows={data.subjects} testId="fail-index-subjects" />
              </Stack>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
