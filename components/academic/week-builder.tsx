'use client';
// Académico › Horarios › a group: its week built on the grid. Staff add the subjects of the
// group's plan and grade, choose each one's teacher, and place its class hours by day; the server
// refuses a clash (the group, the teacher or a student busy then) and its message, naming both
// classes, shows right where the hour was typed. The week prints as PDF or xlsx, and so do the
// group's attendance lists.
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocale } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { dayName, WeekTable } from '@/components/grades/week-table';
import { PeriodGroupSelect } from './period-group-select';
import { ReferenceInput } from '@/components/resource/reference-input';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import { api, formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { useResourceRows } from '@/lib/api/resources';
import { actionUrl, useActionQuery } from '@/lib/api/actions';
import { groupAttendanceFile, groupWeek, groupWeekFile } from '@/lib/contracts/scheduler';
import { type FormField, type FormValue } from '@/lib/resource-ui';
import type { TeacherLoadRow } from '@/lib/scholar/loads';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const GROUPS = RESOURCE_BASES.groups;
const SCHEDULES = RESOURCE_BASES.schedules;
const HOURS = RESOURCE_BASES.schedulesHours;


const TEACHER_FIELD: FormField = {
  name: 'teacher_id',
  labelKey: 'fields.teacher',
  type: 'reference',
  section: 'week',
  optionsFrom: { base: RESOURCE_BASES.teachers, labelField: 'names', labelFields: ['first_name', 'second_name', 'names'], query: { status: 'true' } },
};

const DAYS = [1, 2, 3, 4, 5, 6];

export function WeekBuilder({ groupId, canEdit }: { groupId: number | null; canEdit: boolean }) {
  const t = useT();
  const locale = useLocale();
  const router = useRouter();
  const invalidate = useInvalidateApi();
  const week = useActionQuery(groupWeek, groupId ? { query: { group_id: String(groupId) } } : null);
  const data = week.data;
  const subjects =
    useResourceRows(
      'subjects',
      data?.group.study_plan_id ? { study_plan_id: String(data.group.study_plan_id), grade: String(data.group.grade ?? ''), no_paginate: 'true', status: 'true' } : null,
    ).data ?? [];
  const [problem, setProblem] = useState<{ where: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<Record<number, { day: string; start: string; end: string }>>({});
  const [newSubject, setNewSubject] = useState('');
  const [newTeacher, setNewTeacher] = useState('');

  const run = async (where: string, call: () => ReturnType<typeof api.post>) => {
    setBusy(true);
    setProblem(null);
    const answer = await call();
    setBusy(false);
    if (!answer.ok) {
      setProblem({ where, text: formatErrors(answer.data).join('\n') });
      return false;
    }
    await invalidate(GROUPS, SCHEDULES, HOURS);
    return true;
  };

  const draft = (id: number) => adding[id] ?? { day: '1', start: '', end: '' };
  const setDraft = (id: number, change: Partial<{ day: string; start: string; end: string }>) => setAdding((all) => ({ ...all, [id]: { ...draft(id), ...change } }));
  const scheduled = new Set(data?.classes.map((item) => item.subject.id));
  const hoursText = (minutes: number) => (minutes / 60).toLocaleString(locale, { maximumFractionDigits: 1 });
  const loadOf = new Map(data?.loads.map((load) => [load.teacher_id, load]));
  const overloaded = data?.loads.filter((load) => load.against_contract === 'over') ?? [];

  return (
    <Stack spacing={2.5} data-testid="screen-content">
      <ScreenHeading title={data ? t('academic.week.title_of', { group: data.group.code }) : t('academic.week.title')} subtitle={t('academic.week.subtitle')}>
        <PeriodGroupSelect value={groupId ? String(groupId) : ''} onChange={(id) => router.push(`/scholar/scheduler/groups/${id}`)} testId="week-group" />
      </ScreenHeading>

      {!groupId && <Alert severity="info">{t('academic.week.choose_group')}</Alert>}
      {groupId && week.isPending && <LinearProgress aria-label={t('resource.loading')} />}
      {week.isError && <Alert severity="error">{week.error.lines.join('\n') || t('resource.load_error')}</Alert>}

      {data && (
        <>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(groupWeekFile, { query: { group_id: String(data.group.id), format: 'pdf' } })} data-testid="week-pdf">
              {t('academic.week.print_pdf')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(groupWeekFile, { query: { group_id: String(data.group.id), format: 'xlsx' } })}>
              {t('academic.week.print_xlsx')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(groupAttendanceFile, { query: { group_id: String(data.group.id), format: 'pdf' } })} data-testid="week-attendance">
              {t('academic.week.attendance_pdf')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} href={actionUrl(groupAttendanceFile, { query: { group_id: String(data.group.id), format: 'xlsx' } })}>
              {t('academic.week.attendance_xlsx')}
            </Button>
          </Stack>

          <WeekTable classes={data.classes.map((item) => ({ id: item.id, label: item.subject.label, detail: item.teacher?.label, hours: item.hours }))} />
          {data.classes.every((item) => item.hours.length === 0) && <Alert severity="info">{t('academic.week.empty')}</Alert>}
          {/* Hours beyond a contract are allowed (extra hours are paid apart), but never unnoticed. */}
          {overloaded.length > 0 && (
            <Alert severity="warning" data-testid="week-overload">
              {overloaded.map((load) => (
                <div key={load.teacher_id}>{t('academic.week.over_contract', { teacher: load.name, hours: hoursText(load.scheduled_minutes), contract: load.contract_hours ?? 0 })}</div>
              ))}
            </Alert>
          )}

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('academic.week.classes')}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="week-classes">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.subject')}</TableCell>
                    <TableCell sx={{ minWidth: 260 }}>{t('fields.teacher')}</TableCell>
                    <TableCell>{t('academic.week.hours')}</TableCell>
                    {canEdit && <TableCell sx={{ minWidth: 420 }}>{t('academic.week.add_hour')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.classes.map((item) => {
                    const next = draft(item.id);
                    return (
                      <TableRow key={item.id} sx={{ verticalAlign: 'top' }} data-testid={`week-class-${item.id}`}>
                        <TableCell>{item.subject.label}</TableCell>
                        <TableCell>
                          {canEdit ? (
                            <ReferenceInput
                              field={TEACHER_FIELD}
                              value={item.teacher ? String(item.teacher.id) : ''}
                              record={item.teacher ? { id: item.id, teacher: { id: item.teacher.id, names: item.teacher.label } } : null}
                              label={t('fields.teacher')}
                              helper=""
                              disabled={busy}
                              onChange={(_name: string, value: FormValue) => void run(`teacher-${item.id}`, () => api.put(`${SCHEDULES}${item.id}/`, { body: { teacher_id: value ? Number(value) : null } }))}
                            />
                          ) : (
                            (item.teacher?.label ?? '—')
                          )}
                          {item.teacher && loadOf.has(item.teacher.id) && (
                            <TeacherLoadLine load={loadOf.get(item.teacher.id)!} hours={hoursText} />
                          )}
                          {problem?.where === `teacher-${item.id}` && (
                            <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }} data-testid="week-problem">
                              {problem.text}
                            </Alert>
                          )}
                        </TableCell>
                        <TableCell>
                          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                            {item.hours.map((hour) => (
                              <Chip
                                key={hour.id}
                                size="small"
                                label={`${dayName(hour.week_day, locale).slice(0, 3)} ${hour.start_hour}–${hour.end_hour}`}
                                onDelete={canEdit ? () => void run(`hours-${item.id}`, () => api.delete(`${HOURS}${hour.id}/`)) : undefined}
                                deleteIcon={<DeleteOutline aria-label={t('academic.week.remove_hour')} />}
                              />
                            ))}
                          </Stack>
                        </TableCell>
                        {canEdit && (
                          <TableCell>
                            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                              <TextField select size="small" label={t('academic.week.day')} value={next.day} onChange={(event) => setDraft(item.id, { day: event.target.value })} sx={{ width: 130 }} slotProps={{ htmlInput: { 'data-testid': `week-day-${item.id}` } }}>
                                {DAYS.map((day) => (
                                  <MenuItem key={day} value={String(day)}>
                                    {dayName(day, locale)}
                                  </MenuItem>
                                ))}
                              </TextField>
                              <TextField size="small" type="time" label={t('academic.week.start')} value={next.start} onChange={(event) => setDraft(item.id, { start: event.target.value })} sx={{ width: 120 }} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `week-start-${item.id}` } }} />
                              <TextField size="small" type="time" label={t('academic.week.end')} value={next.end} onChange={(event) => setDraft(item.id, { end: event.target.value })} sx={{ width: 120 }} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `week-end-${item.id}` } }} />
                              <IconButton
                                color="primary"
                                aria-label={t('academic.week.add_hour')}
                                disabled={busy || !next.start || !next.end}
                                onClick={async () => {
                                  const saved = await run(`hours-${item.id}`, () => api.post(HOURS, { body: { schedule_id: item.id, week_day: Number(next.day), start_hour: next.start, end_hour: next.end } }));
                                  if (saved) setAdding((all) => ({ ...all, [item.id]: { day: next.day, start: '', end: '' } }));
                                }}
                                data-testid={`week-add-${item.id}`}
                              >
                                <AddOutlined />
                              </IconButton>
                            </Stack>
                            {problem?.where === `hours-${item.id}` && (
                              <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }} data-testid="week-problem">
                                {problem.text}
                              </Alert>
                            )}
                          </TableCell>
                        )}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </Box>
            {canEdit && (
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { md: 'flex-start' } }}>
                <TextField
                  select
                  size="small"
                  label={t('academic.week.add_subject')}
                  value={newSubject}
                  onChange={(event) => setNewSubject(event.target.value)}
                  sx={{ minWidth: 320 }}
                  slotProps={{ htmlInput: { 'data-testid': 'week-new-subject' } }}
                >
                  {subjects
                    .filter((subject) => !scheduled.has(subject.id))
                    .map((subject) => (
                      <MenuItem key={subject.id} value={String(subject.id)}>
                        {`${subject.code} ${subject.description}`}
                      </MenuItem>
                    ))}
                </TextField>
                <Box sx={{ minWidth: 280 }}>
                  <ReferenceInput field={TEACHER_FIELD} value={newTeacher} label={t('fields.teacher')} helper={undefined} disabled={busy} onChange={(_name: string, value: FormValue) => setNewTeacher(typeof value === 'string' ? value : '')} />
                </Box>
                <Button
                  variant="contained"
                  disabled={busy || !newSubject}
                  onClick={async () => {
                    const saved = await run('new', () => api.post(SCHEDULES, { body: { group_id: data.group.id, subject_id: Number(newSubject), teacher_id: newTeacher ? Number(newTeacher) : null } }));
                    if (saved) {
                      setNewSubject('');
                      setNewTeacher('');
                    }
                  }}
                  data-testid="week-add-subject"
                >
                  {t('academic.week.add_subject_button')}
                </Button>
              </Stack>
            )}
            {problem?.where === 'new' && (
              <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
                {problem.text}
              </Alert>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** Under a class's teacher: their weekly hours in the whole period against their contract. */
function TeacherLoadLine({ load, hours }: { load: TeacherLoadRow; hours: (minutes: number) => string }) {
  const t = useT();
  const over = load.against_contract === 'over';
  return (
    <Typography variant="caption" component="p" sx={{ mt: 0.5, color: over ? 'warning.dark' : 'text.secondary', fontWeight: over ? 600 : undefined }} data-testid={`week-load-${load.teacher_id}`}>
      {load.contract_hours === null
        ? t('academic.week.load_no_contract', { hours: hours(load.scheduled_minutes) })
        : t('academic.week.load', { hours: hours(load.scheduled_minutes), contract: load.contract_hours })}
    </Typography>
  );
}
