'use client';
// Portal › Horario (/portal/schedule): the student's subjects this period (get_current_load/), as a
// week of classes (day by day on a phone) and as a list with the teacher and the partial scores so far.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '@/components/resource/use-t';
import { useActionQuery } from '@/lib/api/actions';
import { currentLoad } from '@/lib/contracts/scores';
import type { Theme } from '@mui/material/styles';
import { DayList } from './day-list';
import { WeekTable } from './week-table';
import { gradeTableSx } from './table-style';

// On a phone each subject takes three short lines (code and name; teacher; P1-P4) instead of
// columns running off the screen.
const loadPhoneSx = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    '& thead, & tbody': { display: 'block' },
    '& tr': { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', columnGap: '4px', borderBottom: 1, borderColor: 'divider', py: 0.5 },
    '& th, & td': { display: 'block', border: 0, px: 0, py: 0.25, minWidth: 0, overflowWrap: 'anywhere' },
    '& tr > :nth-child(2)': { gridColumn: '2 / -1' },
    '& tr > :nth-child(3)': { gridColumn: '1 / -1' },
  },
});

export function StudentSchedule({ studentId, title }: { studentId?: string | null; title?: string }) {
  const t = useT();
  const current = useActionQuery(currentLoad, { query: { student_id: studentId ?? undefined } });
  const load = current.data;
  const week = (load ?? []).map((row) => ({ id: row.schedule_id, label: row.subject_description, detail: row.teacher ?? undefined, hours: row.hours }));
  const failure = current.error && (current.error.lines.join('\n') || t('resource.load_error'));

  return (
    <Stack spacing={2} data-testid="screen-content">
      <Typography variant="h1">{title ?? t('menu.items.portal-schedule')}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {load && load.length === 0 && <Alert severity="info">{t('grades.load_empty')}</Alert>}
      {load && load.length > 0 && (
        <>
          <Typography color="text.secondary">{`${load[0].cicle_description} · ${[...new Set(load.map((row) => row.group_code))].join(', ')}`}</Typography>
          {/* Both are rendered and CSS shows one, so the server's HTML is already the right one for the screen. */}
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <WeekTable classes={week} />
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <DayList classes={week} />
          </Box>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, overflowX: 'auto' }}>
            <Box component="table" data-testid="load" sx={[gradeTableSx, loadPhoneSx]}>
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
