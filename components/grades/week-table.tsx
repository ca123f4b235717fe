'use client';
// A week of classes: one column per day that has classes, rows running between consecutive start
// or end times, so a two-hour class spans two rows and classes of different lengths line up.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLocale } from 'next-intl';
import { useT } from '@/components/resource/use-t';
import { gradeTableSx } from './table-style';

export type WeekClass = { id: number; label: string; detail?: string; hours: { week_day: number; start_hour: string; end_hour: string }[] };

/** ISO week day (1 = Monday) in the user's language: 1 January 2024 was a Monday. */
export function dayName(day: number, locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function WeekTable({ classes }: { classes: WeekClass[] }) {
  const t = useT();
  const locale = useLocale();
  const days = [...new Set(classes.flatMap((item) => item.hours.map((hour) => hour.week_day)))].sort((a, b) => a - b);
  if (days.length === 0) return null;
  const marks = [...new Set(classes.flatMap((item) => item.hours.flatMap((hour) => [hour.start_hour, hour.end_hour])))].sort();
  const rows = marks.slice(0, -1).map((start, index) => ({ start, end: marks[index + 1] }));
  const startingAt = (day: number, start: string) =>
    classes.flatMap((item) => item.hours.filter((hour) => hour.week_day === day && hour.start_hour === start).map((hour) => ({ item, span: marks.indexOf(hour.end_hour) - marks.indexOf(start) })));
  const covered = (day: number, start: string) => classes.some((item) => item.hours.some((hour) => hour.week_day === day && hour.start_hour < start && start < hour.end_hour));
  return (
    <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
      <Box component="table" data-testid="week" sx={{ ...gradeTableSx, '& th, & td': { ...gradeTableSx['& th, & td'], border: 1, verticalAlign: 'top' } }}>
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
                const starting = startingAt(day, start);
                return (
                  <td key={day} rowSpan={Math.max(1, ...starting.map((entry) => entry.span))}>
                    {starting.map(({ item }) => (
                      <Box key={item.id}>
                        <Typography variant="body2">{item.label}</Typography>
                        {item.detail && (
                          <Typography variant="caption" color="text.secondary">
                            {item.detail}
                          </Typography>
                        )}
                      </Box>
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}
