'use client';
// Profesor › Horario (/teacher/timer): the teacher's classes in the period of the top bar, as a
// week and as a list with the hours each takes per week.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { useActionQuery } from '@/lib/api/actions';
import { teacherWeek } from '@/lib/contracts/scheduler';
import { WeekTable } from './week-table';
import { gradeTableSx } from './table-style';

const hoursOf = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

/**
 * `teacher`: whether the user is a teacher (their own week); staff name the teacher with
 * `teacherId` (Académico › Horarios › a teacher).
 */
export function TeacherWeek({ teacher, teacherId, title }: { teacher: boolean; teacherId?: number; title?: string }) {
  const t = useT();
  const { cicle } = useShell();
  const shown = teacher || teacherId !== undefined;
  const week = useActionQuery(teacherWeek, cicle && shown ? { query: { cicle_id: cicle.id, teacher_id: teacherId } } : null);
  const rows = week.data;
  const failure = week.error && (week.error.lines.join('\n') || t('resource.load_error'));

  const total = (rows ?? []).reduce((sum, row) => sum + row.week_minutes, 0);
  return (
    <Stack spacing={2} data-testid="screen-content">
      <Typography variant="h1">{title ?? t('menu.items.teacher-timer')}</Typography>
      {!shown && <Alert severity="info">{t('grades.week_teachers_only')}</Alert>}
      {shown && !cicle && <Alert severity="info">{t('grades.pick_period')}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      {rows && rows.length === 0 && <Alert severity="info">{t('grades.week_empty')}</Alert>}
      {rows && rows.length > 0 && (
        <>
          <WeekTable classes={rows.map((row) => ({ id: row.schedule_id, label: row.subject_description, detail: row.group_code, hours: row.hours }))} />
          <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
            <Box component="table" data-testid="classes" sx={gradeTableSx}>
              <thead>
                <tr>
                  <th scope="col">{t('fields.group_id')}</th>
                  <th scope="col">{t('grades.kardex_code')}</th>
                  <th scope="col">{t('grades.kardex_subject')}</th>
                  <th scope="col" className="n">{t('grades.week_hours')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.schedule_id}>
                    <td>{row.group_code}</td>
                    <td>{row.subject_code}</td>
                    <th scope="row" style={{ fontWeight: 400 }}>
                      {row.subject_description}
                    </th>
                    <td className="n">{hoursOf(row.week_minutes)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('grades.week_total')}
                  </th>
                  <td className="n" data-testid="week-total">
                    {hoursOf(total)}
                  </td>
                </tr>
              </tfoot>
            </Box>
          </Paper>
        </>
      )}
    </Stack>
  );
}
