'use client';
// The teacher's capture sheet (/teacher/scores/{partial}/{schedule}): students × factors, typed like
// a spreadsheet (Enter and the arrows move between cells), the partial computed live by the same
// rule the API applies, and the whole group saved in one request.
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { formatErrors } from '@/lib/api-client';
import { KEEP_WHILE_EDITING, useInvalidateApi } from '@/lib/api-query';
import { actionKey, actionUrl, callAction, useActionQuery } from '@/lib/api/actions';
import type { AnswerOf } from '@/lib/contracts/contract';
import { captureClasses, captureScores, captureSheet, teacherClasses } from '@/lib/contracts/capture-calls';
import { typedValues } from '@/lib/grades/capture-queue';
import { formatDate } from '@/lib/format';
import { partialFromFactors, validScore } from '@/lib/grades/score';
import { type CaptureNotice, captureNotice, defaultPartial, schoolToday } from '@/lib/grades/window';
import { useNotice } from '@/components/resource/notice';
import { useDraft } from '@/components/resource/use-draft';
import { useShell } from '@/components/shell/ShellContext';
import { CapturePicker } from './capture-picker';
import { moveBetweenCells } from './grid-keys';
import { useLeaveGuard } from '@/components/resource/use-leave-guard';
import { useT } from '@/components/resource/use-t';
import { gradeTableSx } from './table-style';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { OfflineStatus } from './offline/offline-panel';
import { offlineUrls, useOfflineCapture } from './offline/use-offline-capture';

// What the sheet shows only at times loads when first shown: the first load stays within the list
// page's budget plus 30 kB (issue 32).
const FactorEditor = dynamic(() => import('./factor-editor').then((module) => module.FactorEditor));
const OfflineProblems = dynamic(() => import('./offline/offline-panel').then((module) => module.OfflineProblems));
// What the sheet may show for the first time without a connection (the saved-here notice, the
// conflicts panel, the factor editor): loaded while online so that the service worker keeps them.
const preloadOnDemandParts = () => Promise.all([import('./offline/offline-panel'), import('./factor-editor'), import('@/components/resource/notice-snackbar')]);

/** The sheet as get_for_capture/ answers it (only the schedule and its partials until a partial is chosen). */
type Sheet = AnswerOf<typeof captureSheet>;

/** Cell values by student and column (`score` or a factor id). */
type Values = Record<number, Record<string, string>>;
type Draft = { typed: Values; errors: Record<string, string> };

const NO_VALUES: Values = {};
const NO_DRAFT: Draft = { typed: {}, errors: {} };
const SCORES = RESOURCE_BASES.scores;
const MAIN_SCORES = RESOURCE_BASES.mainScores;
const SCORE_DETAILS = RESOURCE_BASES.scoreDetails;

function valuesOf(sheet: Sheet): Values {
  const values: Values = {};
  for (const row of sheet.students ?? []) {
    values[row.student_id] = { score: row.score ?? '' };
    for (const [factor, score] of Object.entries(row.factors)) values[row.student_id][factor] = score ?? '';
  }
  return values;
}

/** The sentence that says when a partial's capture opens or closed ("La captura del Parcial 4 abre el 14/12/2026."). */
function noticeSentence(t: ReturnType<typeof useT>, notice: CaptureNotice, partial: string): string {
  const date = 'date' in notice ? formatDate(notice.date) || '—' : '';
  const key = notice.kind === 'opens' && notice.pending ? 'opens_pending' : notice.kind;
  return t(`grades.notice_${key}`, { partial, date });
}

type Props = {
  partialId: string | null;
  scheduleId: string | null;
  /** Calificaciones › Calificaciones (/scores): control escolar reviews and corrects any group of the period, at any time. */
  staff?: { groupId: string | null };
  /** The teacher's sheet opens offline through the service worker (production builds). */
  serviceWorker?: boolean;
};

export function ScoreCapture({ partialId, scheduleId, staff, serviceWorker = false }: Props) {
  const t = useT();
  const router = useRouter();
  const { cicle, user } = useShell();
  const groupId = staff?.groupId ?? null;
  const { notify, node: notice } = useNotice();
  const client = useQueryClient();
  const invalidate = useInvalidateApi();
  const staffMode = !!staff;

  // The classes of the period in the top bar: a teacher's own (the API scopes them), any for staff.
  const classesRead = useActionQuery(captureClasses, cicle ? { query: { cicle_id: cicle.id } } : null);
  // A failed read leaves the picker empty, as an answer with no classes would.
  const classes = classesRead.isError ? [] : (classesRead.data?.results ?? null);

  const sheetCall = scheduleId ? { query: { schedule_id: scheduleId, partial_id: partialId ?? undefined } } : null;
  const sheetRead = useActionQuery(captureSheet, sheetCall, KEEP_WHILE_EDITING);
  const sheet = sheetRead.data ?? null;
  const failure = sheetRead.error && (sheetRead.error.lines.join('\n') || t('resource.load_error'));
  const saved = useMemo(() => (sheet ? valuesOf(sheet) : NO_VALUES), [sheet]);
  // What the user typed over the sheet, and the messages about it: both start over when the sheet
  // is read again (after a save, or another schedule or partial).
  const [draft, setDraft] = useDraft<Draft>(sheet, NO_DRAFT);

  // A teacher's typed scores live on the device until the server has them (issue 32); staff
  // correcting from Calificaciones › Calificaciones save the group at once, as before.
  const sheetUrl = (schedule: number, partial: number) => actionUrl(captureSheet, { query: { schedule_id: schedule, partial_id: partial } });
  // Only a teacher has classes of their own (anyone else is refused them).
  const teacher = !staffMode && user.kind === 'teacher';
  const openClasses = useActionQuery(teacherClasses, teacher && cicle && sheet?.partial ? { query: { cicle_id: cicle.id } } : null);
  const keepUrls = useMemo(() => {
    if (staffMode || !cicle) return [];
    const open = (openClasses.data?.results ?? []).flatMap((row) => (row.capture.state === 'open' && row.capture.partial_id ? [{ schedule_id: row.schedule_id, partial_id: row.capture.partial_id }] : []));
    const current = sheet?.partial ? [sheetUrl(sheet.schedule.id, sheet.partial.id)] : [];
    return [...current, actionUrl(captureClasses, { query: { cicle_id: cicle.id } }), ...(teacher ? [actionUrl(teacherClasses, { query: { cicle_id: cicle.id } })] : []), ...offlineUrls(open, sheetUrl)];
    // sheetUrl is pure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [staffMode, teacher, cicle, openClasses.data, sheet?.schedule.id, sheet?.partial?.id]);
  const offline = useOfflineCapture({
    enabled: !staffMode && !!sheet?.partial,
    userId: user.id,
    scheduleId: sheet?.schedule.id ?? null,
    partialId: sheet?.partial?.id ?? null,
    keepUrls,
    serviceWorker,
    preload: preloadOnDemandParts,
    // The cell as the server now holds it, until the sheet is read again.
    onApplied: (answer) => {
      if (!sheetCall) return;
      client.setQueryData<Sheet>(actionKey(captureSheet, sheetCall), (current) =>
        current?.students
          ? {
              ...current,
              students: current.students.map((row) =>
                row.student_id !== answer.student_id ? row : { ...row, score: answer.score, factors: answer.column === 'score' ? row.factors : { ...row.factors, [answer.column]: answer.value } },
              ),
            }
          : current,
      );
    },
    onSent: () => {
      void sheetRead.refetch();
      void invalidate(SCORES, MAIN_SCORES, SCORE_DETAILS);
    },
  });
  const typed = useMemo(() => (staffMode ? draft.typed : typedValues(offline.changes)), [staffMode, draft.typed, offline.changes]);
  // What the server refused stays marked on its cell until it is fixed or discarded.
  const errors = useMemo(() => {
    const marked: Record<string, string> = { ...draft.errors };
    for (const change of offline.changes) if (change.state === 'refused' && change.message) marked[`${change.student_id}:${change.column}`] ??= change.message;
    return marked;
  }, [draft.errors, offline.changes]);
  const values = useMemo(() => {
    const merged: Values = {};
    for (const [student, cells] of Object.entries(saved)) merged[Number(student)] = { ...cells, ...typed[Number(student)] };
    return merged;
  }, [saved, typed]);
  const setErrors = (next: Record<string, string>) => setDraft((current) => ({ ...current, errors: next }));
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);

  const factors = useMemo(() => sheet?.factors ?? [], [sheet]);
  const columns = factors.length ? factors.map((factor) => String(factor.id)) : ['score'];
  const open = sheet?.window?.open ?? false;
  const settings = sheet?.settings;

  const computed = (studentId: number): string => {
    if (!settings) return '';
    const row = values[studentId] ?? {};
    if (!factors.length) return row.score && validScore(row.score, settings) ? row.score.toUpperCase() : '—';
    const cells = factors.map((factor) => ({ value: factor.value, is_attendance: factor.is_attendance, score: row[String(factor.id)]?.trim() || null }));
    if (cells.some((cell) => cell.score !== null && !validScore(cell.score, settings, 'factor'))) return '—';
    return partialFromFactors(cells, settings) ?? '—';
  };

  const changedRows = (sheet?.students ?? []).filter((row) => columns.some((column) => (values[row.student_id]?.[column] ?? '') !== (saved[row.student_id]?.[column] ?? '')));
  // Typed grades not yet saved are not lost by a link, a reload or a closed tab without asking
  // (a teacher's are kept on the device, unless this browser cannot keep them).
  useLeaveGuard(changedRows.length > 0 && (staffMode || offline.durable === false));

  const go = (partial: string | null, schedule: string | null, group: string | null = groupId, how: 'push' | 'replace' = 'push') => {
    const target = staff
      ? `/scores?${new URLSearchParams(Object.entries({ group_id: group, schedule_id: schedule, partial_id: partial }).filter((entry): entry is [string, string] => !!entry[1]))}`
      : `/teacher/scores/${partial ?? '0'}/${schedule ?? ''}`.replace(/\/$/, '');
    router[how](target);
  };

  // A class chosen without its partial opens on the one being captured now (the address then says
  // which, so a reload or a link opens the same sheet).
  const sheetSchedule = sheet ? String(sheet.schedule.id) : null;
  const opening = !partialId && sheet && sheetSchedule === scheduleId ? defaultPartial(sheet.partials, schoolToday()) : null;
  useEffect(() => {
    if (opening) go(String(opening.id), scheduleId, groupId, 'replace');
    // `go` is rebuilt on every render; the partial to open is what decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening?.id, scheduleId]);

  const windowNotice = sheet?.partial && sheet.window ? captureNotice(sheet.partial, sheet.window, schoolToday()) : null;
  const noticeText = windowNotice && sheet?.partial ? noticeSentence(t, windowNotice, sheet.partial.description) : null;

  const save = async () => {
    if (!sheet?.partial || !settings) return;
    const local: Record<string, string> = {};
    const scores = changedRows.map((row) => {
      const cells = values[row.student_id] ?? {};
      for (const column of columns) {
        const text = cells[column]?.trim() ?? '';
        if (text && !validScore(text, settings, factors.length ? 'factor' : 'partial')) local[`${row.student_id}:${column}`] = t('errors.score');
      }
      return factors.length
        ? { student_id: row.student_id, factors: Object.fromEntries(columns.map((column) => [column, cells[column]?.trim() || null])) }
        : { student_id: row.student_id, score: cells.score?.trim() || null };
    });
    // A score already captured changes only with a reason (the API says so too): asked here first.
    const rewritesCaptured = changedRows.some((row) => columns.some((column) => (saved[row.student_id]?.[column] ?? '') !== '' && (values[row.student_id]?.[column] ?? '') !== (saved[row.student_id]?.[column] ?? '')));
    if (rewritesCaptured && !notes.trim()) local.notes = t('errors.note_required');
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setErrors({});
    if (!staffMode) {
      // Sent change by change, in the order typed; what cannot be sent now stays on the device.
      setSaving(true);
      const outcome = await offline.sync(notes.trim() || null);
      setSaving(false);
      if (outcome.refused || outcome.conflicts) notify(t('offlineCapture.refused_title'), 'error');
      else if (outcome.unsent) notify(t('offlineCapture.pending', { count: outcome.unsent }), 'info');
      else {
        setNotes('');
        notify(t('grades.saved', { count: outcome.sent }));
      }
      return;
    }
    setSaving(true);
    const result = await callAction(captureScores, { body: { schedule_id: sheet.schedule.id, partial_id: sheet.partial.id, notes: notes.trim() || null, scores } });
    setSaving(false);
    if (result.ok) {
      // The API answers with the sheet as saved: it becomes the sheet on screen.
      if (sheetCall) client.setQueryData<Sheet>(actionKey(captureSheet, sheetCall), result.data);
      // The views built on the scores (the kardex's partials, the period's results) are stale.
      void invalidate(SCORES, MAIN_SCORES, SCORE_DETAILS);
      setNotes('');
      notify(t('grades.saved', { count: result.data.changed }));
      return;
    }
    if (result.status === 400 && result.data && typeof result.data === 'object') {
      // `scores.<i>.score` / `scores.<i>.factors.<id>` name the cell of the i-th row sent.
      const mapped: Record<string, string> = {};
      for (const [key, messages] of Object.entries(result.data as Record<string, unknown>)) {
        const text = Array.isArray(messages) ? String(messages[0]) : String(messages);
        const match = /^scores\.(\d+)\.(score|factors\.(\d+)|notes)$/.exec(key);
        if (key === 'notes' || match?.[2] === 'notes') mapped.notes = text;
        else if (match) mapped[`${changedRows[Number(match[1])]?.student_id}:${match[3] ?? 'score'}`] = text;
      }
      setErrors(mapped);
    }
    notify(formatErrors(result.data).join('\n') || t('resource.save_error'), 'error');
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t(staff ? 'menu.items.scores' : 'menu.items.teacher-scores')}</Typography>
      <CapturePicker
        classes={classes}
        scheduleId={scheduleId}
        partials={sheet && sheetSchedule === scheduleId ? sheet.partials : null}
        partialId={partialId}
        showTeacher={staffMode}
        onClass={(item) => go(partialId, String(item.schedule_id), String(item.group_id))}
        onPartial={(id) => go(id, scheduleId)}
      />

      {failure && <Alert severity="error">{failure}</Alert>}
      {staff && !cicle && <Alert severity="info">{t('grades.pick_period')}</Alert>}
      {!cicle && !staff && <Alert severity="info">{t('grades.pick_period')}</Alert>}
      {cicle && classes && classes.length === 0 && <Alert severity="info">{t('grades.classes_none')}</Alert>}
      {!scheduleId && classes && classes.length > 0 && <Alert severity="info">{t('grades.pick_schedule')}</Alert>}
      {sheet && !sheet.partial && scheduleId && <Alert severity="info">{t('grades.pick_partial')}</Alert>}

      {sheet?.partial && sheet.partial.partial_type === 'O' && (
        <FactorEditor
          scheduleId={sheet.schedule.id}
          partialId={sheet.partial.id}
          factors={factors}
          editable={open}
          onChanged={(message) => {
            notify(message);
            void sheetRead.refetch();
          }}
        />
      )}
      {sheet?.partial && sheet.students && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 2 }}>
            <Box>
              <Typography variant="h6" component="h2">
                {`${sheet.schedule.group} · ${sheet.schedule.subject}`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('grades.window', { from: formatDate(sheet.partial.start_eval) || '—', to: formatDate(sheet.partial.end_eval) || '—' })}
              </Typography>
            </Box>
            {windowNotice && noticeText && (
              <Alert severity={!open ? 'warning' : windowNotice.kind === 'open' || windowNotice.kind === 'exception' ? 'success' : 'info'} data-testid="capture-window" data-state={open ? 'open' : 'closed'} sx={{ alignSelf: { md: 'flex-start' } }}>
                {open && windowNotice.kind !== 'open' && windowNotice.kind !== 'exception' ? `${noticeText} ${t('grades.notice_staff')}` : noticeText}
              </Alert>
            )}
          </Stack>
          {!staffMode && (
            <Stack spacing={1} sx={{ mb: 2 }}>
              <OfflineStatus changes={offline.changes} durable={offline.durable} connected={offline.connected} sending={offline.sending} offlineReady={offline.offlineReady} />
              {offline.changes.some((change) => change.state !== 'pending') && (
              <OfflineProblems
                changes={offline.changes}
                studentName={(id) => sheet.students?.find((student) => student.student_id === id)?.full_name ?? String(id)}
                columnName={(column) => (column === 'score' ? t('grades.score') : (factors.find((factor) => String(factor.id) === column)?.name ?? column))}
                onDiscard={offline.discard}
                onKeepMine={offline.keepMine}
              />
              )}
            </Stack>
          )}
          <Box sx={{ overflowX: 'auto' }}>
            <Box component="table" data-testid="capture-grid" sx={gradeTableSx}>
              <thead>
                <tr>
                  <th scope="col">{t('fields.no_control')}</th>
                  <th scope="col">{t('grades.student')}</th>
                  {factors.length ? (
                    factors.map((factor) => (
                      <th scope="col" key={factor.id}>
                        {`${factor.name} (${factor.value} %)`}
                      </th>
                    ))
                  ) : (
                    <th scope="col">{t('grades.score')}</th>
                  )}
                  <th scope="col">{t('grades.partial_score')}</th>
                </tr>
              </thead>
              <tbody>
                {sheet.students.map((row, rowIndex) => (
                  <tr key={row.student_id}>
                    <td>{row.no_control}</td>
                    <th scope="row" style={{ fontWeight: 400 }}>
                      {row.full_name}
                    </th>
                    {columns.map((column, columnIndex) => {
                      const error = errors[`${row.student_id}:${column}`];
                      // A locked factor's scores were already moved to the partial.
                      const locked = factors.find((factor) => String(factor.id) === column)?.block === true;
                      return (
                        <td key={column}>
                          <TextField
                            value={values[row.student_id]?.[column] ?? ''}
                            onChange={(event) => {
                              const text = event.target.value;
                              if (!staffMode) offline.record({ student_id: row.student_id, column, value: text, loaded: saved[row.student_id]?.[column] ?? '' });
                              else setDraft((current) => ({ ...current, typed: { ...current.typed, [row.student_id]: { ...current.typed[row.student_id], [column]: text } } }));
                            }}
                            onKeyDown={(event) => moveBetweenCells(event as KeyboardEvent<HTMLInputElement>, rowIndex, columnIndex)}
                            disabled={!open || saving || locked}
                            error={!!error}
                            helperText={error}
                            size="small"
                            sx={{ width: 96 }}
                            slotProps={{
                              htmlInput: {
                                'data-cell': `${rowIndex}:${columnIndex}`,
                                'data-testid': `cell-${row.student_id}-${column}`,
                                'aria-label': `${row.full_name}: ${column === 'score' ? t('grades.score') : (factors.find((factor) => String(factor.id) === column)?.name ?? '')}`,
                                inputMode: 'decimal',
                                style: { textAlign: 'right' },
                              },
                            }}
                          />
                        </td>
                      );
                    })}
                    <td data-testid={`computed-${row.student_id}`} style={{ fontWeight: 500 }}>
                      {computed(row.student_id)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
          {open && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}>
              <TextField
                label={t('grades.notes')}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                error={!!errors.notes}
                helperText={errors.notes ?? t('grades.notes_help')}
                size="small"
                fullWidth
                data-testid="capture-notes"
              />
              <Button variant="contained" startIcon={<SaveOutlined />} onClick={save} loading={saving} disabled={changedRows.length === 0 && !offline.changes.some((change) => change.state === 'pending' || change.state === 'refused')} data-testid="capture-save" sx={{ flexShrink: 0 }}>
                {t('grades.save', { count: changedRows.length })}
              </Button>
            </Stack>
          )}
        </Paper>
      )}
      {notice}
    </Stack>
  );
}
