'use client';
// A new electronic title starts from the oath: staff pick a sworn student without a title, the
// server fills what the school knows (POST academic/api/electronic-titles/from_swear/) and the new
// title's page opens to complete and sign it.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { type ResourceRow, useResourceRows } from '@/lib/api/resources';
import { callAction } from '@/lib/api/actions';
import { titleFromSwear } from '@/lib/contracts/academic';

type SwearRow = ResourceRow<'swearCareers'>;
type Candidate = { id: number; label: string };

function labelOf(row: SwearRow): string {
  const { student } = row;
  const name = [student.first_name, student.second_name, student.names].filter(Boolean).join(' ');
  return [student.no_control, name, row.career?.name ?? row.career?.code].filter(Boolean).join(' · ');
}

export function TitleFromSwear() {
  const t = useT();
  const router = useRouter();
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<Candidate | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    // One request per pause in typing, not per key.
    const timer = setTimeout(() => setTerm(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const candidates = useResourceRows(
    'swearCareers',
    { is_swear: 'true', has_title: 'false', page_size: '20', ...(term ? { search: term } : {}) },
    { callType: 'options', select: (rows) => rows.map((row) => ({ id: row.id, label: labelOf(row) })) },
  );

  const make = async () => {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    const answer = await callAction(titleFromSwear, { body: { swear_id: chosen.id } });
    setBusy(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    router.push(`/scholar/titles/${answer.data.id}`);
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }} data-testid="title-from-swear">
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('titles.from_swear.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Autocomplete
          sx={{ flexGrow: 1, minWidth: 280 }}
          size="small"
          options={candidates.data ?? []}
          loading={candidates.isPending}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          inputValue={typed}
          onInputChange={(_event, value) => setTyped(value)}
          filterOptions={(options) => options}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={t('titles.from_swear.none')}
          renderInput={(params) => <TextField {...params} label={t('titles.from_swear.student')} />}
        />
        <Button variant="contained" disabled={!chosen || busy} loading={busy} onClick={() => void make()} data-testid="title-from-swear-create">
          {t('titles.from_swear.create')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
    </Paper>
  );
}
