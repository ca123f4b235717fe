'use client';
// Calificaciones › Extraordinarios, above the list of requests: the period's steps of the exam flow
// (generate the requests of failed finals, approve the paid ones within max_extra) and the exam
// calendar: each schedule's exam date and capture deadline, saved at once (store_schedules/).
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { useDraft } from '@/components/resource/use-draft';
import { useNotice } from '@/components/resource/notice';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { formatErrors } from '@/lib/api-client';
import { KEEP_WHILE_EDITING, useInvalidateApi } from '@/lib/api-query';
import { callAction, useActionQuery } from '@/lib/api/actions';
import { approveExams, examSchedules, generateAllExtras, storeExamSchedules } from '@/lib/contracts/scores';
import { enumKey } from '@/lib/resource-ui';
import type { ExamSchedule } from '@/lib/grades/wire';
import { GradeSection } from './grade-section';
import { gradeTableSx } from './table-style';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const DATE_FIELDS = ['exam_date', 'limit_capture'] as const;
type DateField = (typeof DATE_FIELDS)[number];
/** Dates typed by schedule; a date not typed is the calendar's. */
type Draft = { dates: Record<number, Partial<Record<DateField, string>>>; errors: Record<string, string> };

const NO_DRAFT: Draft = { dates: {}, errors: {} };
const EXTRAORDINARY = RESOURCE_BASES.extraordinary;

export function ExamBoard({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const { cicle, campus } = useShell();
  const { notify, node: notice } = useNotice();
  const [category, setCategory] = useState<'X' | 'T'>('X');
  const invalidate = useInvalidateApi();
  const schedules = useActionQuery(examSchedules, cicle ? { query: { cicle_id: cicle.id, category } } : null, KEEP_WHILE_EDITING).data;
  const rows = schedules?.results ?? null;
  // Dates typed over the calendar, and the API's messages about them: both belong to the calendar
  // they were typed on, and start over when it is read again.
  const [draft, setDraft] = useDraft<Draft>(schedules, NO_DRAFT);
  const { errors } = draft;
  const dateOf = (row: ExamSchedule, field: DateField) => draft.dates[row.schedule_id]?.[field] ?? row[field] ?? '';
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);

  const changed = (rows ?? []).filter((row) => DATE_FIELDS.some((field) => dateOf(row, field) !== (row[field] ?? '')));

  /** The exam requests changed: the calendar and the list below are read again. */
  const reload = () => invalidate(EXTRAORDINARY);

  const saveDates = async () => {
    setBusy('dates');
    const result = await callAction(storeExamSchedules, {
      body: { schedules: changed.map((row) => ({ schedule_id: row.schedule_id, category, exam_date: dateOf(row, 'exam_date') || null, limit_capture: dateOf(row, 'limit_capture') || null })) },
    });
    setBusy(null);
    if (result.ok) {
      notify(t('grades.exam_dates_saved', { count: result.data.updated }));
      void reload();
      return;
    }
    // `schedules.<i>.<field>` names the i-th line sent.
    const mapped: Record<string, string> = {};
    for (const [key, messages] of Object.entries(result.data as Record<string, unknown>)) {
      const match = /^schedules\.(\d+)\.(exam_date|limit_capture)$/.exec(key);
      if (match) mapped[`${changed[Number(match[1])]?.schedule_id}:${match[2]}`] = Array.isArray(messages) ? String(messages[0]) : String(messages);
    }
    setDraft((current) => ({ ...current, errors: mapped }));
    notify(formatErrors(result.data).join('\n') || t('resource.save_error'), 'error');
  };

  const approve = async () => {
    if (!cicle) return;
    setBusy('approve');
    const result = await callAction(approveExams, { query: { cicle_id: String(cicle.id) } });
    setBusy(null);
    if (!result.ok) {
      notify(formatErrors(result.data).join('\n'), 'error');
      return;
    }
    notify(t('grades.exam_approved', { approved: result.data.approved, refused: result.data.refused.length }), result.data.refused.length ? 'warning' : 'success');
    void reload();
  };

  const generate = async () => {
    if (!cicle) return;
    setConfirm(false);
    setBusy('generate');
    const result = await callAction(generateAllExtras, { query: { cicle_id: cicle.id, campus_id: campus?.id } });
    setBusy(null);
    if (!result.ok) {
      notify(formatErrors(result.data).join('\n'), 'error');
      return;
    }
    notify(t('grades.exam_generated', { count: result.data.created }));
    void reload();
  };

  if (!cicle) return <Alert severity="info">{t('grades.pick_period')}</Alert>;
  return (
    <GradeSection
      title={t('grades.exam_calendar', { period: cicle.description })}
      aside={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <ToggleButtonGroup size="small" exclusive value={category} onChange={(_event, value) => value && setCategory(value)} aria-label={t('fields.category')}>
            <ToggleButton value="X">{t('grades.kardex_extra')}</ToggleButton>
            <ToggleButton value="T">{t('grades.kardex_ts')}</ToggleButton>
          </ToggleButtonGroup>
          {canEdit && (
            <>
              <Button variant="outlined" startIcon={<PlaylistAddOutlined />} onClick={() => setConfirm(true)} loading={busy === 'generate'} data-testid="exam-generate">
                {t('grades.exam_generate')}
              </Button>
              <Button variant="contained" startIcon={<TaskAltOutlined />} onClick={approve} loading={busy === 'approve'} data-testid="exam-approve">
                {t('grades.exam_approve')}
              </Button>
            </>
          )}
        </Stack>
      }
    >
      {rows && rows.length === 0 && <Alert severity="info">{t(category === 'X' ? 'grades.exams_none_x' : 'grades.exams_none_t')}</Alert>}
      {rows && rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Box component="table" data-testid="exam-calendar" sx={{ ...gradeTableSx, '& th, & td': { ...gradeTableSx['& th, & td'], verticalAlign: 'top' } }}>
            <thead>
              <tr>
                <th scope="col">{t('grades.schedule')}</th>
                <th scope="col">{t('fields.teacher_id')}</th>
                <th scope="col" className="n">{t('grades.exam_requests')}</th>
                <th scope="col" className="n">{t(enumKey('ExtraordinaryStatus', 'APPROVED'))}</th>
                <th scope="col" className="n">{t(enumKey('ExtraordinaryStatus', 'GRADED'))}</th>
                <th scope="col">{t('fields.exam_date')}</th>
                <th scope="col">{t('grades.exam_limit')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.schedule_id}>
                  <th scope="row" style={{ fontWeight: 400 }}>{`${row.group_code} · ${row.subject_code} ${row.subject_description}`}</th>
                  <td>{row.teacher ?? '—'}</td>
                  <td className="n">{row.requests}</td>
                  <td className="n">{row.approved}</td>
                  <td className="n">{row.graded}</td>
                  {DATE_FIELDS.map((field) => (
                    <td key={field}>
                      <TextField
                        type="date"
                        size="small"
                        value={dateOf(row, field)}
                        onChange={(event) => {
                          const value = event.target.value;
                          setDraft((current) => ({ ...current, dates: { ...current.dates, [row.schedule_id]: { ...current.dates[row.schedule_id], [field]: value } } }));
                        }}
                        disabled={!canEdit || busy !== null}
                        error={!!errors[`${row.schedule_id}:${field}`]}
                        helperText={errors[`${row.schedule_id}:${field}`] ?? (row.mixed_dates && field === 'exam_date' ? t('grades.exam_mixed') : undefined)}
                        slotProps={{ htmlInput: { 'data-testid': `exam-${field}-${row.schedule_id}`, 'aria-label': `${row.subject_description} ${row.group_code}: ${field === 'exam_date' ? t('fields.exam_date') : t('grades.exam_limit')}` } }}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
      {canEdit && rows && rows.length > 0 && (
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<EventAvailableOutlined />} onClick={saveDates} loading={busy === 'dates'} disabled={changed.length === 0} data-testid="exam-dates-save">
            {t('grades.exam_dates_save', { count: changed.length })}
          </Button>
        </Stack>
      )}
      <ConfirmDialog open={confirm} title={t('grades.exam_generate')} message={t('grades.exam_generate_question', { period: cicle.description })} onConfirm={generate} onCancel={() => setConfirm(false)} destructive={false} />
      {notice}
    </GradeSection>
  );
}
