'use client';
// Portal › Horario (/portal/schedule): the student's subjects this period (get_current_load/), as a
// week of classes and as a list with the teacher and the partial scores so far.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '@/components/resource/use-t';
import { useApiQuery } from '@/lib/api-query';
import type { CurrentLoadRow } from '@/lib/grades/wire';
import { WeekTable } from './week-table';
import { gradeTableSx } from './table-style';

export function StudentSchedule({ studentId }: { studentId?: string | null }) {
  const t = useT();
  const current = useApiQuery<CurrentLoadRow[]>('/scores/api/subject-cicles/get_current_load/', { query: { student_id: studentId ?? undefined } });
  const load = current.data;
  const failure = current.error && (current.error.lines.join('\n') || t('resource.load_error'));

  return (
    <Stack spacing={2} data-testid="screen-content">
      <Typography variant="h1">{t('menu.items.portal-schedule')}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {load && load.length === 0 && <Alert severity="info">{t('grades.load_empty')}</Alert>}
      {load && load.length > 0 && (
        <>
          <Typography color="text.secondary">{`${load[0].cicle_description} · ${[...new Set(load.map((row) => row.group_code))].join(', ')}`}</Typography>
          <WeekTable classes={load.map((row) => ({ id: row.schedule_id, label: row.subject_description, hours: row.hours }))} />
          <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
            <Box component="table" data-testid="load" sx={gradeTableSx}>
              <thead>
                <tr>
                  <th scope="col">{t('grades.kardex_code')}</th>
                  <th scope="col">{t('grades.kardex_subject')}</th>
                  <th scope="col">{t('fields.teacher_id')}</th>
                  {[1, 2, 3, 4].map((no) => (
                    <th scope="col" className="n" key={no}>{`P${no}`}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {load.map((row) => (
                  <tr key={row.schedule_id}>
                    <td>{row.subject_code}</td>
                    <th scope="row" style={{ fontWeight: 400 }}>
                      {row.subject_description}
                    </th>
                    <td>{row.teacher ?? '—'}</td>
                    {[row.ord_1, row.ord_2, row.ord_3, row.ord_4].map((value, index) => (
                      <td className="n" key={index}>
                        {value ?? '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Box>
          </Paper>
        </>
      )}
    </Stack>
  );
}
