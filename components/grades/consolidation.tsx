'use client';
// Calificaciones › Concentrado, above the list of kept results: one group of the period at a time,
// what its captured scores give (partials, final, extra, T.S.) next to what the kardex keeps, the
// lines that differ marked. "Consolidate" keeps what the captures give (update_all_scores/ by
// group); a kept value can be corrected by hand and saved with the others at once. The whole
// period at once is long work: it runs as a job and its bar shows how far it got.
import AllInboxOutlined from '@mui/icons-material/AllInboxOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useCallback, useState } from 'react';
import { useDraft } from '@/components/resource/use-draft';
import { useNotice } from '@/components/resource/notice';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { JobProgress } from '@/components/jobs/JobProgress';
import { formatErrors } from '@/lib/api-client';
import type { JobWire } from '@/lib/jobs';
import { KEEP_WHILE_EDITING, useInvalidateApi } from '@/lib/api-query';
import { useResourceRows } from '@/lib/api/resources';
import { callAction, useActionQuery } from '@/lib/api/actions';
import { consolidationDetail, updateAllScores } from '@/lib/contracts/scores';
import type { ConsolidationLine } from '@/lib/grades/wire';
import { moveBetweenCells } from './grid-keys';
import { GradeSection } from './grade-section';
import { gradeTableSx } from './table-style';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Draft = { edits: Record<string, string>; errors: Record<string, string> };

const NO_DRAFT: Draft = { edits: {}, errors: {} };
const SUBJECT_CICLES = RESOURCE_BASES.subjectCicles;

const KEPT = ['final_score', 'extra_score', 'ts_score'] as const;
const keyOf = (line: ConsolidationLine) => `${line.student_id}:${line.subject_id}`;

export function Consolidation({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const { cicle } = useShell();
  const { notify, node: notice } = useNotice();
  const invalidate = useInvalidateApi();
  const [groupId, setGroupId] = useState('');
  const groups = useResourceRows('groups', cicle ? { cicle_id: cicle.id, no_paginate: 'true', ordering: 'code' } : null).data;
  const linesQuery = useActionQuery(consolidationDetail, groupId ? { query: { group_id: groupId } } : null, KEEP_WHILE_EDITING);
  const lines = linesQuery.data ?? null;
  // Corrections typed over the lines, and the API's messages about them: both belong to the lines
  // they were made on, and start over when the lines are read again.
  const [draft, setDraft] = useDraft<Draft>(linesQuery.data, NO_DRAFT);
  const { edits, errors } = draft;
  const [busy, setBusy] = useState<string | null>(null);

  /** The kept results changed: this panel's lines and the list below are read again. */
  const reload = useCallback(() => invalidate(SUBJECT_CICLES), [invalidate]);
  const [periodJob, setPeriodJob] = useState<number | null>(null);

  const consolidatePeriod = async () => {
    if (!cicle) return;
    setBusy('period');
    const result = await callAction(updateAllScores, { body: { cicle_id: cicle.id } });
    setBusy(null);
    if (!result.ok) return notify(formatErrors(result.data).join('\n'), 'error');
    // A period is consolidated by a job (202 {job_id}).
    if ('job_id' in result.data) setPeriodJob(result.data.job_id);
  };

  const periodFinished = useCallback(
    (job: JobWire) => {
      setPeriodJob(null);
      if (job.status === 'FAILED') return notify(formatErrors(job.error).join('\n') || t('jobs.failed'), 'error');
      const counts = (job.result ?? {}) as { groups?: number; created?: number; updated?: number };
      notify(t('grades.consolidated_period', { groups: counts.groups ?? 0, created: counts.created ?? 0, updated: counts.updated ?? 0 }));
      void reload();
    },
    [notify, reload, t],
  );

  const consolidate = async () => {
    setBusy('all');
    const result = await callAction(updateAllScores, { body: { group_id: Number(groupId) } });
    setBusy(null);
    if (!result.ok) return notify(formatErrors(result.data).join('\n'), 'error');
    // A group is consolidated at once: its counts.
    if ('created' in result.data) notify(t('grades.consolidated', { created: result.data.created, updated: result.data.updated }));
    void reload();
  };

  const editedLines = (lines ?? []).filter((line): line is ConsolidationLine & { id: number } => line.id !== null && KEPT.some((field) => edits[`${keyOf(line)}:${field}`] !== undefined && edits[`${keyOf(line)}:${field}`] !== (line[field] ?? '')));

  const saveCorrections = async () => {
    setBusy('items');
    const items = editedLines.map((line) => ({ id: line.id, ...Object.fromEntries(KEPT.map((field) => [field, edits[`${keyOf(line)}:${field}`] ?? line[field] ?? ''])) }));
    const result = await callAction(updateAllScores, { body: { items } });
    setBusy(null);
    if (result.ok) {
      notify(t('grades.saved', { count: 'updated' in result.data ? result.data.updated : 0 }));
      void reload();
      return;
    }
    const mapped: Record<string, string> = {};
    for (const [key, messages] of Object.entries(result.data as Record<string, unknown>)) {
      const match = /^items\.(\d+)\.(final_score|extra_score|ts_score)$/.exec(key);
      const line = match ? editedLines[Number(match[1])] : undefined;
      if (line && match) mapped[`${keyOf(line)}:${match[2]}`] = Array.isArray(messages) ? String(messages[0]) : String(messages);
    }
    setDraft((current) => ({ ...current, errors: mapped }));
    notify(formatErrors(result.data).join('\n') || t('resource.save_error'), 'error');
  };

  if (!cicle) return <Alert severity="info">{t('grades.pick_period')}</Alert>;
  const pending = (lines ?? []).filter((line) => line.final !== null && line.differs).length;
  return (
    <GradeSection
      title={t('grades.consolidation', { period: cicle.description })}
      aside={
        <Stack direction="row" spacing={1}>
          <TextField select size="small" label={t('fields.group_id')} value={groupId} onChange={(event) => setGroupId(event.target.value)} sx={{ minWidth: 200 }} disabled={!groups} data-testid="consolidation-group">
            {(groups ?? []).map((group) => (
              <MenuItem key={group.id} value={String(group.id)}>
                {group.code}
              </MenuItem>
            ))}
          </TextField>
          {canEdit && groupId && (
            <Button variant="contained" startIcon={<MoveToInboxOutlined />} onClick={consolidate} loading={busy === 'all'} disabled={busy !== null || periodJob !== null} data-testid="consolidate">
              {t('grades.consolidate', { count: pending })}
            </Button>
          )}
          {canEdit && (
            <Button variant="outlined" startIcon={<AllInboxOutlined />} onClick={consolidatePeriod} loading={busy === 'period'} disabled={busy !== null || periodJob !== null} data-testid="consolidate-period">
              {t('grades.consolidate_period')}
            </Button>
          )}
        </Stack>
      }
    >
      {periodJob !== null && <JobProgress jobId={periodJob} label={t('grades.consolidating_period', { period: cicle.description })} onFinished={periodFinished} />}
      {!groupId && <Alert severity="info">{t('grades.consolidation_pick')}</Alert>}
      {linesQuery.error && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {linesQuery.error.lines.join('\n') || t('resource.load_error')}
        </Alert>
      )}
      {lines && lines.length === 0 && <Alert severity="info">{t('grades.fail_none')}</Alert>}
      {lines && lines.length > 0 && (
        <Box sx={{ overflowX: 'auto', maxHeight: 560 }}>
          <Box component="table" data-testid="consolidation-grid" sx={{ ...gradeTableSx, '& tr.differs': { bgcolor: 'warning.light' } }}>
            <thead>
              <tr>
                <th scope="col">{t('grades.kardex_subject')}</th>
                <th scope="col">{t('grades.student')}</th>
                {[1, 2, 3, 4].map((no) => (
                  <th scope="col" className="n" key={no}>{`P${no}`}</th>
                ))}
                <th scope="col" className="n">{t('grades.kardex_final')}</th>
                <th scope="col" className="n">{t('grades.kardex_extra')}</th>
                <th scope="col" className="n">{t('grades.kardex_ts')}</th>
                <th scope="col">{t('grades.kept_final')}</th>
                <th scope="col">{t('grades.kept_extra')}</th>
                <th scope="col">{t('grades.kept_ts')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, rowIndex) => (
                <tr key={keyOf(line)} className={line.final !== null && line.differs ? 'differs' : undefined} data-testid={`consolidation-${line.student_id}-${line.subject_id}`}>
                  <td>{line.subject_code}</td>
                  <th scope="row" style={{ fontWeight: 400 }}>
                    {line.full_name}
                  </th>
                  {([line.ord_1, line.ord_2, line.ord_3, line.ord_4, line.final, line.extra, line.ts] as const).map((value, index) => (
                    <td className="n" key={index}>
                      {value ?? '—'}
                    </td>
                  ))}
                  {KEPT.map((field, columnIndex) => {
                    const key = `${keyOf(line)}:${field}`;
                    return (
                      <td key={field}>
                        {canEdit && line.id !== null ? (
                          <TextField
                            size="small"
                            value={edits[key] ?? line[field] ?? ''}
                            onChange={(event) => {
                              const text = event.target.value;
                              setDraft((current) => ({ ...current, edits: { ...current.edits, [key]: text } }));
                            }}
                            onKeyDown={(event) => moveBetweenCells(event as KeyboardEvent<HTMLInputElement>, rowIndex, columnIndex)}
                            error={!!errors[key]}
                            helperText={errors[key]}
                            sx={{ width: 84 }}
                            slotProps={{ htmlInput: { 'data-cell': `${rowIndex}:${columnIndex}`, 'aria-label': `${line.full_name} ${line.subject_code}: ${t(`grades.kept_${field.replace('_score', '')}`)}`, inputMode: 'decimal', style: { textAlign: 'right' } } }}
                          />
                        ) : (
                          (line[field] ?? '—')
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
      {canEdit && editedLines.length > 0 && (
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<SaveOutlined />} onClick={saveCorrections} loading={busy === 'items'} data-testid="consolidation-save">
            {t('grades.save', { count: editedLines.length })}
          </Button>
        </Stack>
      )}
      {notice}
    </GradeSection>
  );
}
