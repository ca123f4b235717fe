'use client';
// The order of a study plan's subjects within each grade (semester), on the plan's page: drag a
// subject, or move it with its arrow buttons (keyboard users), then save once. The order is what
// kardex, schedules and reports list subjects by.
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import { updateSubjectOrder } from '@/lib/contracts/academic';
import { KEEP_WHILE_EDITING, useInvalidateApi } from '@/lib/api-query';
import { type ResourceRow, useResourceRows } from '@/lib/api/resources';
import { moveWithin, ordersFrom } from '@/lib/ordering';
import { useDraft } from '@/components/resource/use-draft';
import { useNotice } from '@/components/resource/notice';
import { useT } from '@/components/resource/use-t';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Subject = ResourceRow<'subjects'>;

const BASE = RESOURCE_BASES.subjects;

export function SubjectOrder({ planId, canEdit }: { planId: string; canEdit: boolean }) {
  const t = useT();
  const headingId = useId();
  const { notify, node: notice } = useNotice();
  const invalidate = useInvalidateApi();
  const read = useResourceRows('subjects', { study_plan_id: planId, no_paginate: 'true', ordering: 'grade,order,code' }, KEEP_WHILE_EDITING);
  const saved = read.data;
  // The order being arranged, until it is saved or discarded (null: the saved one).
  const [arranged, setArranged] = useDraft<Subject[] | null>(saved, null);
  const subjects = arranged ?? saved ?? null;
  const [saving, setSaving] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);

  const grades = useMemo(() => {
    const byGrade = new Map<number, Subject[]>();
    for (const subject of subjects ?? []) byGrade.set(subject.grade, [...(byGrade.get(subject.grade) ?? []), subject]);
    return [...byGrade.entries()].sort(([a], [b]) => a - b);
  }, [subjects]);

  const changed = useMemo(() => {
    const before = new Map((saved ?? []).map((subject, index) => [subject.id, index]));
    return (subjects ?? []).some((subject, index) => before.get(subject.id) !== index);
  }, [subjects, saved]);

  /** Moves a subject to another place of its own grade. */
  const move = (grade: number, from: number, to: number) => {
    setArranged((current) => {
      const list = current ?? saved;
      if (!list) return current;
      const moved = moveWithin(
        list.filter((subject) => subject.grade === grade),
        from,
        to,
      );
      // The grade's subjects take its places in their new order; other grades stay as they are.
      let next = 0;
      return list.map((subject) => (subject.grade === grade ? moved[next++] : subject));
    });
  };

  const save = async () => {
    if (!subjects) return;
    setSaving(true);
    const orders = grades.flatMap(([, list]) => ordersFrom(list));
    const result = await callAction(updateSubjectOrder, { body: { subjects: orders } });
    setSaving(false);
    if (!result.ok) return notify(formatErrors(result.data).join('\n') || t('resource.save_error'), 'error');
    notify(t('academic.order_saved'));
    // Read the subjects again: this panel and the plan's subject list below show the saved order.
    void invalidate(BASE);
  };

  if (read.isError) return <Alert severity="error">{t('resource.load_error')}</Alert>;
  if (!subjects || subjects.length === 0) return null;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="subject-order">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            {t('academic.order_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(canEdit ? 'academic.order_help' : 'academic.order_help_readonly')}
          </Typography>
        </Box>
        {canEdit && (
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setArranged(() => null)} disabled={!changed || saving} data-testid="subject-order-discard">
              {t('resource.discard')}
            </Button>
            <Button variant="contained" onClick={save} disabled={!changed} loading={saving} data-testid="subject-order-save">
              {t('academic.order_save')}
            </Button>
          </Stack>
        )}
      </Stack>
      {grades.map(([grade, list]) => (
        <Box key={grade} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('academic.grade_n', { grade })}
          </Typography>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid={`subject-order-grade-${grade}`}>
            {list.map((subject, index) => (
              <Box
                component="li"
                key={subject.id}
                draggable={canEdit}
                onDragStart={() => setDragged(subject.id)}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => {
                  // Only within the same grade: a subject's grade is changed in its form.
                  if (dragged !== null && list.some((item) => item.id === dragged)) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = list.findIndex((item) => item.id === dragged);
                  if (from >= 0) move(grade, from, index);
                  setDragged(null);
                }}
                data-testid={`subject-order-item-${subject.id}`}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 1,
                  py: 0.5,
                  borderTop: index ? 1 : 0,
                  borderColor: 'divider',
                  bgcolor: dragged === subject.id ? 'action.selected' : 'background.paper',
                  cursor: canEdit ? 'grab' : 'default',
                }}
              >
                {canEdit && <DragIndicator fontSize="small" color="action" aria-hidden />}
                <Typography variant="body2" sx={{ minWidth: 0, flex: 1 }}>
                  <Box component="span" sx={{ fontWeight: 500, mr: 1 }}>
                    {subject.code}
                  </Box>
                  {subject.description}
                </Typography>
                {canEdit && (
                  <>
                    <IconButton size="small" onClick={() => move(grade, index, index - 1)} disabled={index === 0} aria-label={t('academic.order_up', { subject: subject.description })}>
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton size="small" onClick={() => move(grade, index, index + 1)} disabled={index === list.length - 1} aria-label={t('academic.order_down', { subject: subject.description })}>
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
      {notice}
    </Paper>
  );
}
