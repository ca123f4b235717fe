'use client';
// The evaluation factors of a schedule in a partial, on the capture sheet: at most five, the
// counted ones at most 100 % together (attendance aside), each pending until the teacher closes
// them, when every student's partial is computed from them and they lock (factors/move_scores/).
// The limits are checked here with the API's own rule (lib/grades factorProblem) before sending.
import AddOutlined from '@mui/icons-material/AddOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { useT } from '@/components/resource/use-t';
import { api, formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import { moveFactorScores } from '@/lib/contracts/scores';
import { factorProblem } from '@/lib/grades/score';
import { GradeSection } from './grade-section';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

export type Factor = { id: number; name: string; value: string; is_attendance: boolean; block: boolean };

type Props = {
  scheduleId: number;
  partialId: number;
  factors: Factor[];
  /** Whether the factors can change now (the capture window is open, or staff). */
  editable: boolean;
  onChanged: (message: string) => void;
};

const BLANK = { name: '', value: '', is_attendance: false };

export function FactorEditor({ scheduleId, partialId, factors, editable, onChanged }: Props) {
  const t = useT();
  const [draft, setDraft] = useState(BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);

  const counted = factors.filter((factor) => !factor.is_attendance).reduce((sum, factor) => sum + Number(factor.value), 0);
  const pending = factors.filter((factor) => !factor.block);

  const add = async () => {
    const local: Record<string, string> = {};
    if (!draft.name.trim()) local.name = t('errors.required');
    if (!/^\d+(\.\d{1,2})?$/.test(draft.value.trim())) local.value = t('errors.type_decimal');
    else {
      const problem = factorProblem([...factors, { value: draft.value.trim(), is_attendance: draft.is_attendance }]);
      if (problem) local[problem === 'errors.factors_too_many' ? 'non_field' : 'value'] = t(problem);
    }
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    const result = await api.post(RESOURCE_BASES.factors, { body: { schedule_id: scheduleId, partial_id: partialId, name: draft.name.trim(), value: draft.value.trim(), is_attendance: draft.is_attendance } });
    setBusy(false);
    if (!result.ok) {
      const data = result.data as Record<string, unknown>;
      const first = (key: string) => (Array.isArray(data[key]) ? String((data[key] as unknown[])[0]) : undefined);
      setErrors({ name: first('name') ?? '', value: first('value') ?? '', non_field: first('non_field_errors') ?? (first('name') || first('value') ? '' : formatErrors(data).join(' ')) });
      return;
    }
    setDraft(BLANK);
    setErrors({});
    onChanged(t('resource.saved'));
  };

  const remove = async (factor: Factor) => {
    setBusy(true);
    const result = await api.delete(`${RESOURCE_BASES.factors}${factor.id}/`);
    setBusy(false);
    if (result.ok) onChanged(t('resource.deleted'));
    else setErrors({ non_field: formatErrors(result.data).join(' ') });
  };

  const close = async () => {
    setClosing(false);
    setBusy(true);
    const result = await callAction(moveFactorScores, { body: { schedule_id: scheduleId, partial_id: partialId } });
    setBusy(false);
    if (result.ok) onChanged(t('grades.saved', { count: result.data.changed }));
    else setErrors({ non_field: formatErrors(result.data).join(' ') });
  };

  return (
    <GradeSection
      title={t('grades.factors')}
      testId="factors"
      aside={
        <Typography variant="body2" color={counted > 100 ? 'error' : 'text.secondary'} data-testid="factors-total">
          {t('grades.factors_total', { total: String(Math.round(counted * 100) / 100), count: factors.length })}
        </Typography>
      }
    >
      {factors.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('grades.factors_none')}
        </Typography>
      )}
      <Stack spacing={0.5} sx={{ mb: 1 }}>
        {factors.map((factor) => (
          <Stack key={factor.id} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`factor-${factor.id}`}>
            <Typography sx={{ flex: 1 }}>{`${factor.name} · ${factor.value} %${factor.is_attendance ? ` (${t('grades.factor_attendance')})` : ''}`}</Typography>
            <Chip size="small" label={t(factor.block ? 'grades.factor_locked' : 'grades.factor_pending')} color={factor.block ? 'default' : 'warning'} variant="outlined" />
            {editable && !factor.block && (
              <IconButton size="small" aria-label={`${t('resource.delete')}: ${factor.name}`} onClick={() => remove(factor)} disabled={busy}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ))}
      </Stack>
      {errors.non_field && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errors.non_field}
        </Alert>
      )}
      {editable && factors.length < 5 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField size="small" label={t('fields.name')} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} error={!!errors.name} helperText={errors.name || undefined} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'factor-name' } }} />
          <TextField size="small" label={t('grades.factor_value')} value={draft.value} onChange={(event) => setDraft({ ...draft, value: event.target.value })} error={!!errors.value} helperText={errors.value || undefined} sx={{ width: 120 }} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'factor-value' } }} />
          <FormControlLabel control={<Checkbox checked={draft.is_attendance} onChange={(event) => setDraft({ ...draft, is_attendance: event.target.checked })} />} label={t('grades.factor_attendance')} />
          <Button variant="outlined" startIcon={<AddOutlined />} onClick={add} loading={busy} data-testid="factor-add">
            {t('grades.factor_add')}
          </Button>
        </Stack>
      )}
      {editable && pending.length > 0 && (
        <Stack direction="row" sx={{ mt: 1, justifyContent: 'flex-end' }}>
          <Button variant="contained" color="secondary" startIcon={<LockOutlined />} onClick={() => setClosing(true)} disabled={busy} data-testid="factors-close">
            {t('grades.factors_close')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog open={closing} title={t('grades.factors_close')} message={t('grades.factors_close_question')} onConfirm={close} onCancel={() => setClosing(false)} destructive={false} />
    </GradeSection>
  );
}
