'use client';
// Profesor › Extraordinarios and Títulos de suficiencia (/teacher/extras/{id_schedule?},
// /teacher/ts/{id_schedule?}): the exams of the teacher's schedules in the period of the top bar;
// for one schedule, its requests with the grade typed down the column (Enter moves on, as in the
// partial capture) for the approved ones whose deadline has not passed. Each grade goes through
// save_score/, which checks the same rules again.
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/navigation';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useDraft } from '@/components/resource/use-draft';
import { useNotice } from '@/components/resource/notice';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { formatErrors } from '@/lib/api-client';
import { KEEP_WHILE_EDITING, useInvalidateApi } from '@/lib/api-query';
import { type ResourceRow, useResourceRows } from '@/lib/api/resources';
import { callAction, useActionQuery } from '@/lib/api/actions';
import { examSchedules, saveExamScore } from '@/lib/contracts/scores';
import { formatDate, formatDateTime } from '@/lib/format';
import { validScore } from '@/lib/grades/score';
import { HAS_EXAM, examCaptureNotice } from '@/lib/grades/extraordinary';
import { enumKey } from '@/lib/resource-ui';
import { moveBetweenCells } from './grid-keys';
import { gradeTableSx } from './table-style';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Request = ResourceRow<'extraordinary'>;

const EXTRAORDINARY = RESOURCE_BASES.extraordinary;
const NO_GRADES: Record<number, string> = {};

const STATUS_COLOR = { REQ: 'default', PAID: 'info', APPROVED: 'primary', GRADED: 'success', CANCELLED: 'error' } as const;

const fullName = (student: Request['student']) => (student ? [student.first_name, student.second_name, student.names].filter(Boolean).join(' ') : '');

/** Can the grade still be typed: an approved request whose deadline has not passed. */
const capturable = (request: Request, now: number) => request.status === 'APPROVED' && (!request.limit_capture || new Date(request.limit_capture).getTime() >= now);

export function ExamCapture({ category, scheduleId }: { category: 'X' | 'T'; scheduleId: string | null }) {
  const t = useT();
  const router = useRouter();
  const { cicle } = useShell();
  const { notify, node: notice } = useNotice();
  const base = category === 'X' ? '/teacher/extras' : '/teacher/ts';
  const invalidate = useInvalidateApi();
  const calendar = useActionQuery(examSchedules, cicle ? { query: { cicle_id: cicle.id, category } } : null);
  const schedules = calendar.data?.results ?? null;
  const settings = calendar.data?.settings ?? null;
  const requestsQuery = useResourceRows(
    'extraordinary',
    scheduleId ? { schedule_id: scheduleId, category, is_deleted: 'false', no_paginate: 'true', ordering: 'student.first_name,student.second_name,student.names' } : null,
    { select: (rows) => rows.filter((row) => row.status !== 'CANCELLED'), ...KEEP_WHILE_EDITING },
  );
  // Only the students who have the exam (approved or graded) are listed; requests still waiting
  // for their payment or approval are only counted.
  const requests = useMemo(() => requestsQuery.data?.filter((row) => HAS_EXAM.includes(row.status)) ?? null, [requestsQuery.data]);
  const waitingApproval = (requestsQuery.data?.length ?? 0) - (requests?.length ?? 0);
  // Grades typed over the requests; they start over when the requests are read again.
  const [typed, setTyped] = useDraft<Record<number, string>>(requestsQuery.data, NO_GRADES);
  const valueOf = (row: Request) => typed[row.id] ?? row.score ?? '';
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);
  const failure = calendar.error ?? requestsQuery.error;
  const [now] = useState(() => Date.now());

  const open = (requests ?? []).filter((row) => capturable(row, now));
  const deadline = requests ? examCaptureNotice(requests, now) : null;
  const changed = open.filter((row) => valueOf(row).trim() !== '' && valueOf(row).trim() !== (row.score ?? ''));

  const save = async () => {
    // The school's scale is checked here first: nothing is sent while a grade is out of it.
    const invalid = Object.fromEntries(changed.filter((row) => settings && (valueOf(row).trim().toUpperCase() === 'NP' || !validScore(valueOf(row).trim(), settings))).map((row) => [row.id, t('errors.score')]));
    if (Object.keys(invalid).length) {
      setErrors(invalid);
      return;
    }
    setSaving(true);
    const failed: Record<number, string> = {};
    let saved = 0;
    // One call per grade: each exam is its own record with its own deadline.
    for (const row of changed) {
      const result = await callAction(saveExamScore, { body: { id: row.id, score: valueOf(row).trim() } });
      if (result.ok) saved += 1;
      else failed[row.id] = formatErrors(result.data).join(' ') || t('resource.save_error');
    }
    setSaving(false);
    // The requests and the calendar's counts are read again; the messages stay for the grades that failed.
    void invalidate(EXTRAORDINARY);
    setErrors(failed);
    if (Object.keys(failed).length) notify(t('grades.exam_some_failed', { count: Object.keys(failed).length }), 'error');
    else notify(t('grades.saved', { count: saved }));
  };

  const current = schedules?.find((row) => String(row.schedule_id) === scheduleId);
  return (
    <Stack spacing={2} data-testid="screen-content">
      <Typography variant="h1">{t(category === 'X' ? 'menu.items.teacher-extras' : 'menu.items.teacher-ts')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <TextField
          select
          label={t('grades.schedule')}
          value={current ? scheduleId : ''}
          onChange={(event) => router.push(`${base}/${event.target.value}`)}
          size="small"
          sx={{ minWidth: 320 }}
          disabled={!schedules || schedules.length === 0}
          data-testid="exam-schedule"
        >
          {(schedules ?? []).map((row) => (
            <MenuItem key={row.schedule_id} value={String(row.schedule_id)}>
              {`${row.group_code} · ${row.subject_description} (${row.requests})`}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {failure && <Alert severity="error">{failure.lines.join('\n') || t('resource.load_error')}</Alert>}
      {!cicle && <Alert severity="info">{t('grades.pick_period')}</Alert>}
      {schedules && schedules.length === 0 && <Alert severity="info">{t(category === 'X' ? 'grades.exams_none_x' : 'grades.exams_none_t')}</Alert>}
      {schedules && schedules.length > 0 && !scheduleId && <Alert severity="info">{t('grades.pick_schedule')}</Alert>}
      {scheduleId && requests && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {current && (
            <Box sx={{ mb: 2 }}>
              <Typography variant="h6" component="h2">
                {`${current.group_code} · ${current.subject_code} ${current.subject_description}`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('grades.exam_dates', { exam: formatDate(current.exam_date) || '—', limit: formatDate(current.limit_capture) || '—' })}
              </Typography>
            </Box>
          )}
          {deadline && (
            <Alert severity={deadline.kind === 'open' ? 'success' : 'warning'} data-testid="exam-window" data-state={deadline.kind} sx={{ mb: 2 }}>
              {deadline.kind === 'closed'
                ? t('grades.exam_notice_closed', { category, date: formatDate(deadline.date) })
                : deadline.date
                  ? t('grades.exam_notice_open', { category, date: formatDate(deadline.date) })
                  : t('grades.exam_notice_open_undated', { category })}
            </Alert>
          )}
          <Box sx={{ overflowX: 'auto' }}>
            <Box component="table" data-testid="exam-grid" sx={gradeTableSx}>
              <thead>
                <tr>
                  <th scope="col">{t('fields.no_control')}</th>
                  <th scope="col">{t('grades.student')}</th>
                  <th scope="col">{t('fields.status')}</th>
                  <th scope="col">{t('grades.exam_limit')}</th>
                  <th scope="col">{t('grades.score')}</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((row) => {
                  const index = open.indexOf(row);
                  return (
                    <tr key={row.id}>
                      <td>{row.student?.no_control}</td>
                      <th scope="row" style={{ fontWeight: 400 }}>
                        {fullName(row.student)}
                      </th>
                      <td>
                        <Chip size="small" label={t(enumKey('ExtraordinaryStatus', row.status))} color={STATUS_COLOR[row.status]} variant={row.status === 'GRADED' ? 'filled' : 'outlined'} />
                      </td>
                      <td>{formatDateTime(row.limit_capture) || '—'}</td>
                      <td>
                        {index >= 0 ? (
                          <TextField
                            value={valueOf(row)}
                            onChange={(event) => {
                              const text = event.target.value;
                              setTyped((current) => ({ ...current, [row.id]: text }));
                            }}
                            onKeyDown={(event) => moveBetweenCells(event as KeyboardEvent<HTMLInputElement>, index, 0)}
                            disabled={saving}
                            error={!!errors[row.id]}
                            helperText={errors[row.id]}
                            size="small"
                            sx={{ width: 96 }}
                            slotProps={{ htmlInput: { 'data-cell': `${index}:0`, 'data-testid': `exam-score-${row.id}`, 'aria-label': `${fullName(row.student)}: ${t('grades.score')}`, inputMode: 'decimal', style: { textAlign: 'right' } } }}
                          />
                        ) : row.status === 'APPROVED' ? (
                          // Approved but past its deadline: the grade can no longer be typed.
                          <TextField
                            value=""
                            disabled
                            size="small"
                            sx={{ width: 96 }}
                            slotProps={{ htmlInput: { 'data-testid': `exam-score-${row.id}`, 'aria-label': `${fullName(row.student)}: ${t('grades.score')}` } }}
                          />
                        ) : (
                          <span data-testid={`exam-score-${row.id}`}>{row.score ?? '—'}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Box>
          </Box>
          {requests.length === 0 && <Alert severity="info">{t(category === 'X' ? 'grades.exams_none_x' : 'grades.exams_none_t')}</Alert>}
          {waitingApproval > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="exam-waiting">
              {t('grades.exam_waiting', { count: waitingApproval })}
            </Typography>
          )}
          {open.length > 0 && (
            <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
              <Button variant="contained" startIcon={<SaveOutlined />} onClick={save} loading={saving} disabled={changed.length === 0} data-testid="exam-save">
                {t('grades.save', { count: changed.length })}
              </Button>
            </Stack>
          )}
        </Paper>
      )}
      {notice}
    </Stack>
  );
}
