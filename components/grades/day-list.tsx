'use client';
// A week of classes day by day, for a phone: each day that has classes as a heading, its classes
// under it by start time, with their hours and who teaches them.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLocale } from 'next-intl';
import { classesByDay } from '@/lib/grades/week';
import { type WeekClass, dayName } from './week-table';

const hhmm = (time: string) => time.slice(0, 5);

export function DayList({ classes }: { classes: WeekClass[] }) {
  const locale = useLocale();
  const days = classesByDay(classes);
  if (days.length === 0) return null;
  return (
    <Box data-testid="day-list" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {days.map(({ day, classes: list }) => (
        <Paper key={day} variant="outlined" component="section" aria-label={dayName(day, locale)} data-testid={`day-${day}`} sx={{ p: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {dayName(day, locale)}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map(({ item, start_hour, end_hour }) => (
              <Box component="li" key={`${item.id}-${start_hour}`} sx={{ display: 'flex', gap: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: 'text.secondary', minWidth: '6.5rem' }}>
                  {`${hhmm(start_hour)}–${hhmm(end_hour)}`}
                </Typography>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2">{item.label}</Typography>
                  {item.detail && (
                    <Typography variant="caption" color="text.secondary">
                      {item.detail}
                    </Typography>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
