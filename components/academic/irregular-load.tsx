'use client';
// A student's individual load (carga irregular) on their page: the classes of their period they
// take outside their own group, one subject each, chosen from the period's offer by subject, group
// or teacher. Saved as a whole (save_irregular/); a clash with their own group's classes, or
// between two chosen ones, is refused with both names.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocale } from 'next-intl';
import { useId, useState } from 'react';
import { dayName } from '@/components/grades/week-table';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { useResourceRecord } from '@/lib/api/resources';
import { callAction, useActionQuery } from '@/lib/api/actions';
import type { AnswerOf } from '@/lib/contracts/contract';
import { classOffer, saveIrregularLoad } from '@/lib/contracts/scheduler';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Offer = AnswerOf<typeof classOffer>;

export function IrregularLoad({ studentId, canEdit }: { studentId: string; canEdit: boolean }) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const invalidate = useInvalidateApi();
  const student = useResourceRecord('students', studentId).data;
  const offer = useActionQuery(
    classOffer,
    student?.cicle_id ? { query: { cicle_id: String(student.cicle_id), career_id: student.career_id ? String(student.career_id) : undefined, student_id: studentId } } : null,
  ).data;
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!student) return null;
  if (!student.cicle_id) return <Alert severity="info">{t('academic.irregular.no_period')}</Alert>;
  const cicleId = student.cicle_id;
  const classes = offer?.classes ?? [];
  const selected = chosen ?? offer?.load ?? [];
  const label = (item: Offer['classes'][number]) =>
    `${item.subject} · ${item.group}${item.teacher ? ` · ${item.teacher}` : ''} · ${item.hours.map((hour) => `${dayName(hour.week_day, locale).slice(0, 3)} ${hour.start_hour}–${hour.end_hour}`).join(', ')}`;

  const save = async () => {
    setBusy(true);
    setProblem(null);
    setSaved(false);
    const answer = await callAction(saveIrregularLoad, { body: { student_id: Number(studentId), cicle_id: cicleId, schedule_ids: selected } });
    setBusy(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    setSaved(true);
    setChosen(null);
    await invalidate(RESOURCE_BASES.studentGroups, RESOURCE_BASES.schedules, RESOURCE_BASES.students, RESOURCE_BASES.subjectCicles);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="irregular-load">
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('academic.irregular.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('academic.irregular.help')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <Autocomplete
          multiple
          fullWidth
          disabled={!canEdit || busy}
          options={classes}
          value={classes.filter((item) => selected.includes(item.id))}
          getOptionLabel={label}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, value) => {
            setChosen(value.map((item) => item.id));
            setSaved(false);
          }}
          renderInput={(params) => <TextField {...params} size="small" label={t('academic.irregular.classes')} placeholder={t('academic.irregular.placeholder')} />}
          noOptionsText={t('academic.irregular.none')}
          data-testid="irregular-classes"
        />
        {canEdit && (
          <Button variant="contained" disabled={busy || chosen === null} onClick={() => void save()} sx={{ flexShrink: 0 }} data-testid="irregular-save">
            {t('resource.save')}
          </Button>
        )}
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5, whiteSpace: 'pre-line' }} data-testid="irregular-problem">
          {problem}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" sx={{ mt: 1.5 }}>
          {t('academic.irregular.saved')}
        </Alert>
      )}
    </Paper>
  );
}
