'use client';
// Profesor › Mis clases (/teacher/classes): the teacher's classes in the period of the top bar. Each
// row opens the capture of the partial open today (by its window or by an exception for the class)
// in one click, or says which partial opens next and when; its exams are a labelled button away.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditNote from '@mui/icons-material/EditNote';
import NextLink from 'next/link';
import type { AnswerOf } from '@/lib/contracts/contract';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { useActionQuery } from '@/lib/api/actions';
import { teacherClasses } from '@/lib/contracts/scores';
import { formatDate } from '@/lib/format';
import { gradeTableSx } from './table-style';

type Capture = AnswerOf<typeof teacherClasses>['results'][number]['capture'];

/** What the row says about its capture: open until when, or what opens next and when. */
function captureText(t: ReturnType<typeof useT>, capture: Capture): string {
  const values = { partial: capture.partial ?? '', date: formatDate(capture.date) };
  if (capture.state === 'open') return t(capture.by === 'exception' ? 'grades.classes.open_exception' : 'grades.classes.open_until', values);
  if (capture.state === 'next') return t(capture.pending ? 'grades.classes.next_pending' : 'grades.classes.next', values);
  return t('grades.classes.none');
}

/** `teacher`: whether the user is a teacher; staff who open the route are told where classes are. */
export function TeacherClasses({ teacher }: { teacher: boolean }) {
  const t = useT();
  const { cicle } = useShell();
  const read = useActionQuery(teacherClasses, cicle && teacher ? { query: { cicle_id: cicle.id } } : null);
  const rows = read.data?.results;
  const failure = read.error && (read.error.lines.join('\n') || t('resource.load_error'));
  return (
    <Stack spacing={2} data-testid="screen-content">
      <Typography variant="h1">{t('menu.items.teacher-classes')}</Typography>
      {!teacher && <Alert severity="info">{t('grades.classes.teachers_only')}</Alert>}
      {teacher && !cicle && <Alert severity="info">{t('grades.pick_period')}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      {rows && rows.length === 0 && <Alert severity="info">{t('grades.classes_none')}</Alert>}
      {rows && rows.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
          <Box component="table" data-testid="teacher-classes" sx={gradeTableSx}>
            <thead>
              <tr>
                <th scope="col">{t('fields.group_id')}</th>
                <th scope="col">{t('grades.kardex_subject')}</th>
                <th scope="col" className="n">{t('grades.week_hours')}</th>
                <th scope="col">{t('grades.classes.capture_column')}</th>
                <th scope="col">{t('grades.classes.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.schedule_id} data-testid={`class-${row.schedule_id}`}>
                  <td>{row.group_code}</td>
                  <th scope="row" style={{ fontWeight: 400 }}>
                    {`${row.subject_code} ${row.subject_description}`}
                  </th>
                  <td className="n">{row.hours}</td>
                  <td data-testid={`class-capture-${row.schedule_id}`} data-state={row.capture.state}>
                    {captureText(t, row.capture)}
                  </td>
                  <td>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                      {row.capture.state === 'open' ? (
                        <Button
                          variant="contained"
                          size="small"
                          startIcon={<EditNote />}
                          component={NextLink}
                          href={`/teacher/scores/${row.capture.partial_id}/${row.schedule_id}`}
                          data-testid={`row-scores-${row.schedule_id}`}
                        >
                          {t('grades.classes.capture', { partial: row.capture.partial ?? '' })}
                        </Button>
                      ) : (
                        <Button variant="outlined" size="small" component={NextLink} href={`/teacher/scores/0/${row.schedule_id}`} data-testid={`row-scores-${row.schedule_id}`}>
                          {t('grades.classes.see_scores')}
                        </Button>
                      )}
                      <Button variant="outlined" size="small" component={NextLink} href={`/teacher/extras/${row.schedule_id}`} data-testid={`row-extras-${row.schedule_id}`}>
                        {t('menu.items.teacher-extras')}
                      </Button>
                      <Button variant="outlined" size="small" component={NextLink} href={`/teacher/ts/${row.schedule_id}`} data-testid={`row-ts-${row.schedule_id}`}>
                        {t('menu.items.teacher-ts')}
                      </Button>
                    </Stack>
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
