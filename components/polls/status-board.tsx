'use client';
// Encuestas › Aplicaciones › an application's status board: answered out of expected, live, per
// career (a chart and a table), then by student (what each one owes) and, for a teacher evaluation,
// by teacher (counts and the mean score, never who answered what), each with its xlsx; and the
// results: each question's answers as a chart with its mean, by teacher, career or group.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { MeansTable } from './teacher-results';
import { useT } from '@/components/resource/use-t';
import { actionUrl, useActionQuery } from '@/lib/api/actions';
import { exportPollResultsSummary, exportPollStatusByStudents, exportPollStatusByTeachers, pollResultsSummary, pollStatusByStudents, pollStatusByTeachers, pollStatusCareers } from '@/lib/contracts/polls';
import { formatNumber } from '@/lib/format';

export function StatusBoard({ assignmentId }: { assignmentId: number }) {
  const t = useT();
  const [tab, setTab] = useState('students');
  const [careerId, setCareerId] = useState('');
  const [teacherId, setTeacherId] = useState('');
  const query = { assignment_id: String(assignmentId) };
  const board = useActionQuery(pollStatusCareers, { query }, { refetchInterval: 30_000 });
  const students = useActionQuery(pollStatusByStudents, tab === 'students' && careerId ? { query: { ...query, career_id: careerId } } : null);
  // Teachers exist only in a teacher evaluation (the board's kind comes with its first answer).
  const teacherBoard = board.data?.kind === 'teacher';
  const teachers = useActionQuery(pollStatusByTeachers, teacherBoard && (tab === 'teachers' || tab === 'results') ? { query } : null);
  const summary = useActionQuery(pollResultsSummary, tab === 'results' ? { query: { ...query, teacher_id: teacherId || undefined, career_id: careerId || undefined } } : null);
  if (board.isPending) return <LinearProgress aria-label={t('resource.loading')} />;
  if (board.isError) return <Alert severity="error">{board.error.lines.join('\n') || t('resource.load_error')}</Alert>;
  const data = board.data;
  const careerField = (
    <TextField select size="small" label={t('fields.career')} value={careerId} onChange={(event) => setCareerId(event.target.value)} sx={{ minWidth: 260 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
      <MenuItem value="">{t('polls.board.all_careers')}</MenuItem>
      {data.careers.map((row) => (
        <MenuItem key={row.career_id ?? 0} value={String(row.career_id ?? '')}>
          {row.career ?? '—'}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2.5} data-testid="screen-content">
      <ScreenHeading title={data.title} subtitle={t(data.kind === 'teacher' ? 'polls.board.subtitle_teacher' : 'polls.board.subtitle_general')} />
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="board-totals">
        <Typography variant="h4" component="p">
          {`${data.percent.toLocaleString('es-MX')} %`}
        </Typography>
        <Typography color="text.secondary">{t('polls.board.answered_of', { answered: formatNumber(data.answered), expected: formatNumber(data.expected) })}</Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <BarChart
            dataset={data.careers.map((row) => ({ career: row.career ?? '—', answered: row.answered, missing: row.expected - row.answered }))}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', dataKey: 'career', width: 220 }]}
            series={[
              { dataKey: 'answered', label: t('polls.status.answered'), stack: 'total' },
              { dataKey: 'missing', label: t('polls.board.missing'), stack: 'total' },
            ]}
            height={Math.max(160, 40 * data.careers.length + 80)}
          />
        </Box>
        <Table size="small" data-testid="board-careers">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.career')}</TableCell>
              <TableCell align="right">{t('polls.status.expected')}</TableCell>
              <TableCell align="right">{t('polls.status.answered')}</TableCell>
              <TableCell align="right">{t('polls.status.percent')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.careers.map((row) => (
              <TableRow key={row.career_id ?? 0}>
                <TableCell>{row.career ?? '—'}</TableCell>
                <TableCell align="right">{formatNumber(row.expected)}</TableCell>
                <TableCell align="right">{formatNumber(row.answered)}</TableCell>
                <TableCell align="right">{`${row.percent} %`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>

      <Tabs value={tab} onChange={(_event, value: string) => setTab(value)} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="students" label={t('polls.board.by_students')} data-testid="board-tab-students" />
        {data.kind === 'teacher' && <Tab value="teachers" label={t('polls.board.by_teachers')} data-testid="board-tab-teachers" />}
        <Tab value="results" label={t('polls.board.results')} data-testid="board-tab-results" />
      </Tabs>

      {tab === 'students' && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
            {careerField}
            <Button variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(exportPollStatusByStudents, { query: { ...query, career_id: careerId || undefined } })}>
              Excel
            </Button>
          </Stack>
          {!careerId && <Alert severity="info">{t('polls.board.pick_career')}</Alert>}
          {students.data && (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="board-students">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.no_control')}</TableCell>
                    <TableCell>{t('polls.status.student')}</TableCell>
                    <TableCell>{t('fields.group')}</TableCell>
                    <TableCell align="right">{t('polls.status.answered')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {students.data.map((row) => (
                    <TableRow key={row.student_id} sx={{ bgcolor: row.answered >= row.expected ? undefined : 'action.hover' }}>
                      <TableCell>{row.no_control}</TableCell>
                      <TableCell>{row.name}</TableCell>
                      <TableCell>{row.group ?? '—'}</TableCell>
                      <TableCell align="right">{`${row.answered} / ${row.expected}`}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Paper>
      )}

      {tab === 'teachers' && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Button variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(exportPollStatusByTeachers, { query })} sx={{ mb: 2 }}>
            Excel
          </Button>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="board-teachers">
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.teacher')}</TableCell>
                  <TableCell align="right">{t('polls.status.classes')}</TableCell>
                  <TableCell align="right">{t('polls.status.answered')}</TableCell>
                  <TableCell align="right">{t('polls.status.percent')}</TableCell>
                  <TableCell align="right">{t('polls.status.score')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {teachers.data?.map((row) => (
                  <TableRow key={row.teacher_id}>
                    <TableCell>{row.name}</TableCell>
                    <TableCell align="right">{row.classes}</TableCell>
                    <TableCell align="right">{`${row.answered} / ${row.expected}`}</TableCell>
                    <TableCell align="right">{`${row.percent} %`}</TableCell>
                    <TableCell align="right">{row.score ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Paper>
      )}

      {tab === 'results' && (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {careerField}
            {data.kind === 'teacher' && (
              <TextField select size="small" label={t('fields.teacher')} value={teacherId} onChange={(event) => setTeacherId(event.target.value)} sx={{ minWidth: 260 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
                <MenuItem value="">{t('polls.board.all_teachers')}</MenuItem>
                {teachers.data?.map((row) => (
                  <MenuItem key={row.teacher_id} value={String(row.teacher_id)}>
                    {row.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Button variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(exportPollResultsSummary, { query: { ...query, teacher_id: teacherId || undefined, career_id: careerId || undefined } })}>
              Excel
            </Button>
          </Stack>
          {summary.isPending && <LinearProgress aria-label={t('resource.loading')} />}
          {summary.data?.hidden && (
            <Alert severity="info" data-testid="results-hidden">
              {t('polls.results.hidden', { minimum: formatNumber(summary.data.min_evaluations) })}
            </Alert>
          )}
          {summary.data && !summary.data.hidden && summary.data.questions.some((question) => question.mean !== null) && (
            <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
              <MeansTable questions={summary.data.questions.filter((question) => question.mean !== null)} testId="results-table" />
            </Paper>
          )}
          {!summary.data?.hidden && summary.data?.questions.map((question) => (
            <Paper key={question.question_id} variant="outlined" sx={{ p: 2 }} data-testid={`result-${question.question_id}`}>
              <Typography variant="subtitle1" component="h3">
                {question.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {question.mean ? t('polls.board.mean_of', { mean: question.mean, answers: formatNumber(question.answers) }) : t('polls.board.answers', { answers: formatNumber(question.answers) })}
              </Typography>
              {question.options.length > 0 ? (
                <BarChart
                  dataset={question.options.map((option) => ({ label: option.label, count: option.count }))}
                  layout="horizontal"
                  yAxis={[{ scaleType: 'band', dataKey: 'label', width: 140 }]}
                  xAxis={[{ tickMinStep: 1 }]}
                  series={[{ dataKey: 'count', label: t('polls.results.count') }]}
                  height={Math.max(140, 32 * question.options.length + 60)}
                  hideLegend
                />
              ) : (
                <Stack component="ul" spacing={0.5} sx={{ pl: 2, mt: 1 }}>
                  {question.texts.map((text, index) => (
                    <Typography component="li" variant="body2" key={index}>
                      {text}
                    </Typography>
                  ))}
                </Stack>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
