'use client';
// A teacher's own evaluations (Profesor › Mis resultados, and their home): once a window has closed,
// how many students evaluated them and the mean, and for the one chosen each question's mean (a
// chart and a table); before, the day the results appear. Only counts and means, never who answered
// what, and below the school's minimum of evaluations not even those (the server leaves them out).
import Alert from '@mui/material/Alert';
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
import { formatDate, formatNumber } from '@/lib/format';

/**
 * `screen`: the Mis resultados page (a heading, and a word when there is nothing yet); else a home
 * panel. `teacher`: whether the user is a teacher (staff who open the page are told where results are).
 */
export function TeacherResults({ screen = false, teacher = true }: { screen?: boolean; teacher?: boolean }) {
  const t = useT();
  const read = useActionQuery(myTeacherEvaluations, teacher ? {} : null);
  const evaluations = read.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const current = evaluations.find((evaluation) => evaluation.assignment_id === chosen) ?? evaluations.find((evaluation) => evaluation.closed) ?? evaluations[0] ?? null;
  const readable = current?.closed && !current.below_minimum;
  const summary = useActionQuery(pollResultsSummary, current && readable ? { query: { assignment_id: String(current.assignment_id) } } : null).data;
  const failure = read.error && (read.error.lines.join('\n') || t('resource.load_error'));
  if (!screen && !evaluations.length) return null;
  const scale = summary?.hidden ? [] : (summary?.questions.filter((question) => question.mean !== null) ?? []);
  const label = (evaluation: (typeof evaluations)[number]) =>
    !evaluation.closed
      ? `${evaluation.cicle} · ${t('polls.teacher.open')}`
      : evaluation.score === null
        ? `${evaluation.cicle} · ${t('polls.teacher.evaluations', { evaluations: formatNumber(evaluation.evaluations ?? 0) })}`
        : `${evaluation.cicle} · ${t('polls.teacher.summary', { evaluations: formatNumber(evaluation.evaluations ?? 0), score: evaluation.score })}`;
  const body = (
    <Stack spacing={2}>
      {!teacher && <Alert severity="info">{t('polls.teacher.teachers_only')}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      {read.data && !evaluations.length && <Alert severity="info">{t('polls.teacher.none')}</Alert>}
      {evaluations.length > 0 && (
        <ToggleButtonGroup exclusive size="small" value={current?.assignment_id ?? null} onChange={(_event, value: number | null) => value && setChosen(value)} sx={{ flexWrap: 'wrap' }}>
          {evaluations.map((evaluation) => (
            <ToggleButton key={evaluation.assignment_id} value={evaluation.assignment_id} data-testid={`teacher-results-${evaluation.assignment_id}`}>
              {label(evaluation)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {current && !current.closed && (
        <Alert severity="info" data-testid="teacher-results-appear">
          {t('polls.teacher.appear_on', { title: current.title, date: formatDate(current.end_at) })}
        </Alert>
      )}
      {current?.closed && current.below_minimum && (
        <Alert severity="info" data-testid="teacher-results-below">
          {t('polls.teacher.below_minimum', { evaluations: formatNumber(current.evaluations ?? 0), minimum: formatNumber(current.min_evaluations) })}
        </Alert>
      )}
      {scale.length > 0 && (
        <Stack spacing={1} data-testid="teacher-results-means">
          <Box sx={{ overflowX: 'auto' }}>
            <BarChart dataset={scale.map((question) => ({ question: question.title, mean: Number(question.mean) }))} layout="horizontal" yAxis={[{ scaleType: 'band', dataKey: 'question', width: 260 }]} xAxis={[{ min: 0, max: 5 }]} series={[{ dataKey: 'mean', label: t('polls.results.mean') }]} height={Math.max(160, 30 * scale.length + 60)} hideLegend />
          </Box>
          <MeansTable questions={scale} />
        </Stack>
      )}
    </Stack>
  );
  if (screen) {
    return (
      <Stack spacing={2} data-testid="screen-content">
        <Typography variant="h1">{t('menu.items.teacher-results')}</Typography>
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="teacher-results">
          {body}
        </Paper>
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="teacher-results">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('polls.teacher.title')}
      </Typography>
      {body}
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
