'use client';
// Portal › Horario (/portal/schedule): the student's subjects this period (get_current_load/), as a
// week of classes and as a list with the teacher and the partial scores so far.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { api, formatErrors } from '@/lib/api-client';
import type { CurrentLoadRow } from '@/lib/grades/wire';


/** ISO week day (1 = Monday) in the user's language: 1 January 2024 was a Monday. */
function dayName(day: number, locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function StudentSchedule({ studentId }: { studentId?: string | null }) {
  const t = useT();
  const locale = useLocale();
  const [load, setLoad] = useState<CurrentLoadRow[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    api.get<CurrentLoadRow[]>('/scores/api/subject-cicles/get_current_load/', { query: { student_id: studentId ?? undefined } }).then((result) => {
      if (!alive) return;
      if (result.ok) setLoad(result.data);
      else setFailure(formatErrors(result.data).join('\n') || t('resource.load_error'));
    });
    return () => {
      alive = false;
    };
  }, [studentId, t]);

  const days = [...new Set((load ?? []).flatMap((row) => row.hours.map((hour) => hour.week_day)))].sort((a, b) => a - b);
  // Rows run between consecutive start or end times, so a two-hour class spans two rows and
  // classes of different lengths line up.
  const marks = [...new Set((load ?? []).flatMap((row) => row.hours.flatMap((hour) => [hour.start_hour, hour.end_hour])))].sort();
  const rows = marks.slice(0, -1).map((start, index) => ({ start, end: marks[index + 1] }));
  const startingAt = (day: number, start: string) =>
    (load ?? []).flatMap((row) => row.hours.filter((hour) => hour.week_day === day && hour.start_hour === start).map((hour) => ({ row, span: marks.indexOf(hour.end_hour) - marks.indexOf(start) })));
  const covered = (day: number, start: string) => (load ?? []).some((row) => row.hours.some((hour) => hour.week_day === day && hour.start_hour < start && start < hour.end_hour));

  return (
    <Stack spacing={2} data-testid="screen-content">
      <Typography variant="h1">{t('menu.items.portal-schedule')}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {load && load.length === 0 && <Alert severity="info">{t('grades.load_empty')}</Alert>}
      {load && load.length > 0 && (
        <>
          <Typography color="text.secondary">{`${load[0].cicle_description} · ${[...new Set(load.map((row) => row.group_code))].join(', ')}`}</Typography>
          {days.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
              <Box component="table" data-testid="week" sx={{ borderCollapse: 'collapse', width: '100%', '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left', verticalAlign: 'top' } }}>
                <thead>
                  <tr>
                    <th scope="col">{t('grades.hour')}</th>
                    {days.map((day) => (
                      <th scope="col" key={day}>
                        {dayName(day, locale)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map(({ start, end }) => (
                    <tr key={start}>
                      <th scope="row" style={{ whiteSpace: 'nowrap' }}>
                        {`${start}–${end}`}
                      </th>
                      {days.map((day) => {
                        if (covered(day, start)) return null;
                        const classes = startingAt(day, start);
                        const span = Math.max(1, ...classes.map((item) => item.span));
                        return (
                          <td key={day} rowSpan={span}>
                            {classes.map(({ row }) => (
                              <Typography key={row.schedule_id} variant="body2">
                                {row.subject_description}
                              </Typography>
                            ))}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Paper>
          )}
          <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
            <Box component="table" data-testid="load" sx={{ borderCollapse: 'collapse', width: '100%', '& th, & td': { borderBottom: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' }, '& .n': { textAlign: 'right' } }}>
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
