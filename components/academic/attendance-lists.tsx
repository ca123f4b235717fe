'use client';
// Académico › Listas de asistencia: a group of the top bar's period, then the attendance list of
// each of its classes (or all of them at once) as PDF or xlsx: its students in order and the days
// the class meets in the period as columns.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { actionUrl, useActionQuery } from '@/lib/api/actions';
import { groupAttendanceFile, groupWeek } from '@/lib/contracts/scheduler';
import { PeriodGroupSelect } from './period-group-select';

export function AttendanceLists() {
  const t = useT();
  const { cicle } = useShell();
  const [groupId, setGroupId] = useState('');
  const week = useActionQuery(groupWeek, groupId ? { query: { group_id: groupId } } : null).data;
  const link = (format: 'pdf' | 'xlsx', scheduleId?: number) => actionUrl(groupAttendanceFile, { query: { group_id: groupId, schedule_id: scheduleId ? String(scheduleId) : undefined, format } });
  return (
    <Stack spacing={2.5} data-testid="screen-content">
      <ScreenHeading title={t('academic.attendance.title')} subtitle={cicle ? t('academic.attendance.subtitle', { period: cicle.description }) : t('academic.week.choose_group')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <PeriodGroupSelect value={groupId} onChange={setGroupId} testId="attendance-group" />
        {cicle && (
          <Button variant="text" startIcon={<DownloadOutlined />} href={actionUrl(groupAttendanceFile, { query: { cicle_id: String(cicle.id), format: 'zip' } })} data-testid="attendance-period-zip">
            {t('academic.attendance.period_zip')}
          </Button>
        )}
        {groupId && (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<DownloadOutlined />} href={link('pdf')} data-testid="attendance-all-pdf">
              {t('academic.attendance.all_pdf')}
            </Button>
            <Button variant="outlined" startIcon={<DownloadOutlined />} href={link('xlsx')}>
              {t('academic.attendance.all_xlsx')}
            </Button>
          </Stack>
        )}
      </Stack>
      {!groupId && <Alert severity="info">{t('academic.attendance.choose')}</Alert>}
      {week && (
        <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.subject')}</TableCell>
                <TableCell>{t('fields.teacher')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {week.classes.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>{item.subject.label}</TableCell>
                  <TableCell>{item.teacher?.label ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" href={link('pdf', item.id)}>
                      PDF
                    </Button>
                    <Button size="small" href={link('xlsx', item.id)}>
                      Excel
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {week.classes.length === 0 && <Typography color="text.secondary">{t('scholar.files.no_classes')}</Typography>}
        </Paper>
      )}
    </Stack>
  );
}
