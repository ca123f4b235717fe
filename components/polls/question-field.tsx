'use client';
// One question as a student answers it: a scale or a single choice as radio buttons in a row, a
// multiple choice as checkboxes, an open question as text. The server's refusal shows under it.
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '@/components/resource/use-t';
import { OPEN_ANSWER_MAX } from '@/lib/polls/answers';
import type { Draft, PollQuestion, PollSectionShape } from './types';

export function QuestionField({ question, draft, onChange, problem, disabled }: { question: PollQuestion; draft: Draft | undefined; onChange: (draft: Draft) => void; problem?: string; disabled?: boolean }) {
  const t = useT();
  const label = `${question.title}${question.is_mandatory ? ' *' : ''}`;
  return (
    <FormControl error={Boolean(problem)} disabled={disabled} component="fieldset" variant="standard" sx={{ width: '100%' }} data-testid={`question-${question.id}`}>
      <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 500, mb: 0.5 }}>
        {label}
      </FormLabel>
      {question.subtitle && (
        <Typography variant="body2" color="text.secondary">
          {question.subtitle}
        </Typography>
      )}
      {question.kind === 'OPEN' ? (
        <TextField multiline minRows={2} value={draft?.text ?? ''} onChange={(event) => onChange({ text: event.target.value })} slotProps={{ htmlInput: { maxLength: OPEN_ANSWER_MAX, 'aria-label': question.title } }} sx={{ mt: 1 }} />
      ) : question.kind === 'MULTI' ? (
        <FormGroup row>
          {question.options.map((option) => {
            const chosen = (draft?.values ?? []).map(String).includes(String(option.value));
            return (
              <FormControlLabel
                key={String(option.value)}
                label={option.label}
                control={<Checkbox checked={chosen} onChange={() => onChange({ values: chosen ? (draft?.values ?? []).filter((value) => String(value) !== String(option.value)) : [...(draft?.values ?? []), option.value] })} />}
              />
            );
          })}
        </FormGroup>
      ) : (
        <RadioGroup row value={draft?.value === undefined || draft.value === null ? '' : String(draft.value)} onChange={(event) => onChange({ value: question.options.find((option) => String(option.value) === event.target.value)?.value ?? null })}>
          {question.options.map((option) => (
            <FormControlLabel key={String(option.value)} value={String(option.value)} control={<Radio />} label={option.label} />
          ))}
        </RadioGroup>
      )}
      {problem ? <FormHelperText>{problem}</FormHelperText> : !question.is_mandatory && <FormHelperText>{t('polls.portal.optional')}</FormHelperText>}
    </FormControl>
  );
}

/** A section as a student answers it: its title and its questions, each with its refusal. */
export function SectionCard({ section, drafts, problems, disabled, onChange }: { section: PollSectionShape; drafts: Record<number, Draft>; problems: Record<number, string>; disabled: boolean; onChange: (questionId: number, draft: Draft) => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {section.title}
      </Typography>
      <Stack spacing={3}>
        {section.questions.map((question) => (
          <QuestionField key={question.id} question={question} draft={drafts[question.id]} problem={problems[question.id]} disabled={disabled} onChange={(draft) => onChange(question.id, draft)} />
        ))}
      </Stack>
    </Paper>
  );
}
