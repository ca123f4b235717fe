'use client';
// Portal › Evaluación docente: the student's classes of the period with their teacher (main), and
// the evaluation of one of them — every section on one page, saved with store_teacher/; complete
// once each mandatory question has its answer. The student sees only their own classes.
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import NextLink from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { actionUrl, callAction, useActionQuery } from '@/lib/api/actions';
import { useApiPostQuery } from '@/lib/api-post-query';
import { useInvalidateApi } from '@/lib/api-query';
import type { AnswerOf } from '@/lib/contracts/contract';
import { pollStructure, storeTeacherEvaluation, teacherResponses } from '@/lib/contracts/polls';
import { answerProblems } from './answer-poll';
import { useHubEntry } from './portal-polls';
import { SectionCard } from './question-field';
import { answersOf, type Draft, draftsOf } from './types';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

export function EvaluationMain({ assignmentId }: { assignmentId: number }) {
  const t = useT();
  const entry = useHubEntry(assignmentId);
  if (entry.isPending) return <LinearProgress aria-label={t('resource.loading')} />;
  if (!entry.data) return <Alert severity="info">{t('polls.portal.not_open')}</Alert>;
  const classes = entry.data.classes ?? [];
  return (
    <Stack spacing={2.5} data-testid="screen-content">
      <ScreenHeading title={entry.data.title} subtitle={t('polls.portal.teachers_subtitle')} />
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="evaluation-classes">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.subject')}</TableCell>
              <TableCell>{t('fields.teacher')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {classes.map((item) => (
              <TableRow key={item.schedule_id}>
                <TableCell>{item.subject}</TableCell>
                <TableCell>{item.teacher}</TableCell>
                <TableCell align="right">
                  {item.is_complete ? (
                    <Chip size="small" color="success" icon={<CheckCircleOutline />} label={t('polls.portal.done')} />
                  ) : (
                    <Button size="small" variant="contained" component={NextLink} href={`/portal/eval_teacher/${item.schedule_id}?assignment_id=${assignmentId}`} data-testid={`evaluate-${item.schedule_id}`}>
                      {item.started ? t('polls.portal.continue') : t('polls.portal.evaluate_one')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {classes.length === 0 && <Alert severity="info">{t('polls.portal.no_classes')}</Alert>}
      <Button component={NextLink} href="/portal/polls" sx={{ alignSelf: 'flex-start' }}>
        {t('polls.portal.back')}
      </Button>
    </Stack>
  );
}

export function EvaluateTeacher({ assignmentId, scheduleId }: { assignmentId: number; scheduleId: number }) {
  const t = useT();
  const router = useRouter();
  const invalidate = useInvalidateApi();
  const entry = useHubEntry(assignmentId).data;
  const item = entry?.classes?.find((row) => row.schedule_id === scheduleId);
  const structure = useActionQuery(pollStructure, entry ? { params: { id: entry.poll_id } } : null).data;
  // A read the API answers to a POST (its question is a body).
  const saved = useApiPostQuery<AnswerOf<typeof teacherResponses>>(actionUrl(teacherResponses), { assignment_id: assignmentId, schedule_id: scheduleId });
  // What the student changed on top of what was saved before.
  const [edits, setDrafts] = useState<Record<number, Draft>>({});
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const drafts: Record<number, Draft> = { ...(saved.data ? draftsOf(saved.data.answers) : {}), ...edits };
  if (saved.isError) return <Alert severity="error">{saved.error.lines.join('\n') || t('resource.load_error')}</Alert>;
  if (!structure || !saved.data || !entry) return <LinearProgress aria-label={t('resource.loading')} />;
  const questions = structure.sections.flatMap((section) => section.questions);

  const save = async () => {
    setBusy(true);
    setProblem(null);
    setProblems({});
    const answer = await callAction(storeTeacherEvaluation, { body: { assignment_id: assignmentId, schedule_id: scheduleId, answers: answersOf(questions, drafts) } });
    setBusy(false);
    if (!answer.ok) {
      setProblems(answerProblems(answer.data));
      return setProblem(formatErrors(answer.data).join('\n'));
    }
    await invalidate(RESOURCE_BASES.assignments, RESOURCE_BASES.results);
    if (!answer.data.is_complete) {
      setProblems(Object.fromEntries(answer.data.missing.map((id) => [id, t('polls.portal.missing')])));
      return setProblem(t('polls.portal.saved_incomplete'));
    }
    router.push(`/portal/eval_teacher/main/${assignmentId}`);
  };

  return (
    <Stack spacing={2.5} data-testid="screen-content">
      <ScreenHeading title={item ? t('polls.portal.evaluate_title', { teacher: item.teacher }) : structure.title} subtitle={item?.subject} />
      {structure.instructions && <Alert severity="info">{structure.instructions}</Alert>}
      {structure.sections.map((section) => (
        <SectionCard key={section.id} section={section} drafts={drafts} problems={problems} disabled={busy} onChange={(id, draft) => setDrafts((all) => ({ ...all, [id]: draft }))} />
      ))}
      {problem && (
        <Alert severity="warning" sx={{ whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button component={NextLink} href={`/portal/eval_teacher/main/${assignmentId}`}>
          {t('polls.portal.back')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="evaluation-save">
          {t('polls.portal.send')}
        </Button>
      </Stack>
    </Stack>
  );
}
