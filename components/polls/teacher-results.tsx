'use client';
// A teacher's home: their own evaluations once each window has closed — how many students
// evaluated them and the mean, and for the one chosen each question's mean (a chart and a table).
// Only counts and means: never who answered what.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { useActionQuery } from '@/lib/api/actions';
import { myTeacherEvaluations, pollResultsSummary } from '@/lib/contracts/polls';
import { formatNumber } from '@/lib/format';

export function TeacherResults() {
  const t = useT();
  const evaluations = useActionQuery(myTeacherEvaluations, {}).data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const current = chosen ?? evaluations[0]?.assignment_id ?? null;
  const summary = useActionQuery(pollResultsSummary, current ? { query: { assignment_id: String(current) } } : null).data;
  if (!evaluations.length) return null;
  const scale = summary?.questions.filter((question) => question.mean !== null) ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="teacher-results">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('polls.teacher.title')}
      </Typography>
      <ToggleButtonGroup exclusive size="small" value={current} onChange={(_event, value: number | null) => value && setChosen(value)} sx={{ flexWrap: 'wrap', mb: 2 }}>
        {evaluations.map((evaluation) => (
          <ToggleButton key={evaluation.assignment_id} value={evaluation.assignment_id}>
            {`${evaluation.cicle} · ${t('polls.teacher.summary', { evaluations: formatNumber(evaluation.evaluations), score: evaluation.score ?? '—' })}`}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {scale.length > 0 && (
        <Stack spacing={1}>
          <Box sx={{ overflowX: 'auto' }}>
            <BarChart dataset={scale.map((question) => ({ question: question.title, mean: Number(question.mean) }))} layout="horizontal" yAxis={[{ scaleType: 'band', dataKey: 'question', width: 260 }]} xAxis={[{ min: 0, max: 5 }]} series={[{ dataKey: 'mean', label: t('polls.results.mean') }]} height={Math.max(160, 30 * scale.length + 60)} hideLegend />
          </Box>
          <MeansTable questions={scale} />
        </Stack>
      )}
    </Paper>
  );
}

/** Each scale question's answers and mean, as the results and a teacher's home show them. */
export function MeansTable({ questions, testId }: { questions: readonly { question_id: number; title: string; answers: number; mean: string | null }[]; testId?: string }) {
  const t = useT();
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>{t('polls.results.question')}</TableCell>
          <TableCell align="right">{t('polls.results.count')}</TableCell>
          <TableCell align="right">{t('polls.results.mean')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {questions.map((question) => (
          <TableRow key={question.question_id}>
            <TableCell>{question.title}</TableCell>
            <TableCell align="right">{formatNumber(question.answers)}</TableCell>
            <TableCell align="right">{question.mean}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
