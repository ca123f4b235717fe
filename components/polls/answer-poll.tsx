'use client';
// Portal › Encuestas › a general poll: one section at a time. "Siguiente" saves the section (the
// server refuses it while a mandatory question is unanswered, naming it); the last one finishes the
// poll (finish_general_evaluation/). What was saved comes back if the student leaves and returns.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import NextLink from 'next/link';
import { useState } from 'react';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { actionUrl, callAction, useActionQuery } from '@/lib/api/actions';
import { useApiPostQuery } from '@/lib/api-post-query';
import { useInvalidateApi } from '@/lib/api-query';
import type { AnswerOf } from '@/lib/contracts/contract';
import { finishGeneralPoll, generalResponses, pollStructure, storeGeneralAnswers } from '@/lib/contracts/polls';
import { SectionCard } from './question-field';
import { answersOf, type Draft, draftsOf } from './types';
import { useHubEntry } from './portal-polls';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

export function answerProblems(data: unknown): Record<number, string> {
  if (!data || typeof data !== 'object') return {};
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>)
      .filter(([field]) => field.startsWith('answers.'))
      .map(([field, lines]) => [Number(field.slice(8)), Array.isArray(lines) ? lines.join(' ') : String(lines)]),
  );
}

export function AnswerPoll({ assignmentId }: { assignmentId: number }) {
  const t = useT();
  const invalidate = useInvalidateApi();
  const entry = useHubEntry(assignmentId).data;
  const structure = useActionQuery(pollStructure, entry ? { params: { id: entry.poll_id } } : null).data;
  // A read the API answers to a POST (its question is a body).
  const saved = useApiPostQuery<AnswerOf<typeof generalResponses>>(actionUrl(generalResponses), { assignment_id: assignmentId });
  // What the student changed on top of what was saved before.
  const [edits, setDrafts] = useState<Record<number, Draft>>({});
  const [step, setStep] = useState(0);
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState(false);
  const drafts: Record<number, Draft> = { ...(saved.data ? draftsOf(saved.data.answers) : {}), ...edits };

  if (!structure || !saved.data) return <LinearProgress aria-label={t('resource.loading')} />;
  const sections = structure.sections.filter((section) => section.questions.length > 0);
  const section = sections[step];
  const last = step === sections.length - 1;

  const save = async () => {
    setBusy(true);
    setProblem(null);
    setProblems({});
    const stored = await callAction(storeGeneralAnswers, { body: { assignment_id: assignmentId, section_id: section.id, answers: answersOf(section.questions, drafts) } });
    if (stored.ok && last) {
      const done = await callAction(finishGeneralPoll, { body: { assignment_id: assignmentId } });
      setBusy(false);
      if (!done.ok) {
        setProblems(answerProblems(done.data));
        return setProblem(formatErrors(done.data).join('\n'));
      }
      await invalidate(RESOURCE_BASES.assignments);
      return setFinished(true);
    }
    setBusy(false);
    if (!stored.ok) {
      setProblems(answerProblems(stored.data));
      return setProblem(Object.keys(answerProblems(stored.data)).length ? t('polls.portal.fix_section') : formatErrors(stored.data).join('\n'));
    }
    setStep(step + 1);
    window.scrollTo({ top: 0 });
  };

  if (finished || saved.data.finished) {
    return (
      <Stack spacing={2} data-testid="screen-content">
        <ScreenHeading title={structure.title} />
        <Alert severity="success" data-testid="poll-finished">
          {structure.end_message || t('polls.portal.thanks')}
        </Alert>
        <Button component={NextLink} href="/portal/polls" sx={{ alignSelf: 'flex-start' }}>
          {t('polls.portal.back')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5} data-testid="screen-content">
      <ScreenHeading title={structure.title} subtitle={structure.instructions ?? undefined} />
      {sections.length > 1 && (
        <Stepper activeStep={step} alternativeLabel>
          {sections.map((item) => (
            <Step key={item.id}>
              <StepLabel>{item.title}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      <SectionCard section={section} drafts={drafts} problems={problems} disabled={busy} onChange={(id, draft) => setDrafts((all) => ({ ...all, [id]: draft }))} />
      {problem && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        {step > 0 && (
          <Button disabled={busy} onClick={() => setStep(step - 1)}>
            {t('polls.portal.previous')}
          </Button>
        )}
        <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="poll-next">
          {last ? t('polls.portal.finish') : t('polls.portal.next')}
        </Button>
      </Stack>
    </Stack>
  );
}
