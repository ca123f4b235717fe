'use client';
// Académico › Cargas académicas: each teacher's load in the top bar's period against their
// contract — classes, groups, weekly hours on the timetable and in the plan — with who is over or
// under the hours they are hired for; each teacher opens their week.
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { useActionQuery } from '@/lib/api/actions';
import { teacherLoads } from '@/lib/contracts/scheduler';


const COLOURS = { over: 'error', under: 'warning', even: 'success' } as const;
const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

export function TeacherLoads() {
  const t = useT();
  const titleId = useId();
  const { cicle } = useShell();
  const loads = useActionQuery(teacherLoads, cicle ? { query: { cicle_id: String(cicle.id) } } : null);
  const rows = loads.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, overflowX: 'auto' }} data-testid="teacher-loads">
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('academic.loads.title', { period: cicle?.description ?? '' })}
      </Typography>
      {!cicle && <Alert severity="info">{t('grades.pick_period')}</Alert>}
      {loads.isError && <Alert severity="error">{loads.error.lines.join('\n') || t('resource.load_error')}</Alert>}
      {loads.data && rows.length === 0 && <Typography color="text.secondary">{t('academic.loads.empty')}</Typography>}
      {rows.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.teacher')}</TableCell>
              <TableCell align="right">{t('academic.loads.classes')}</TableCell>
              <TableCell align="right">{t('academic.loads.groups')}</TableCell>
              <TableCell align="right">{t('academic.loads.scheduled')}</TableCell>
              <TableCell align="right">{t('academic.loads.plan')}</TableCell>
              <TableCell align="right">{t('fields.contract_hours')}</TableCell>
              <TableCell>{t('academic.loads.against')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.teacher_id}>
                <TableCell>
                  <a href={`/scholar/scheduler/teacher/${row.teacher_id}`}>{row.name}</a>
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {row.code}
                  </Typography>
                </TableCell>
                <TableCell align="right">{row.classes}</TableCell>
                <TableCell align="right">{row.groups}</TableCell>
                <TableCell align="right">{hours(row.scheduled_minutes)}</TableCell>
                <TableCell align="right">{row.plan_hours}</TableCell>
                <TableCell align="right">{row.contract_hours ?? '—'}</TableCell>
                <TableCell>
                  {row.against_contract ? <Chip size="small" color={COLOURS[row.against_contract]} label={t(`academic.loads.${row.against_contract}`)} /> : <Typography variant="body2" color="text.secondary">{t('academic.loads.no_contract')}</Typography>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
