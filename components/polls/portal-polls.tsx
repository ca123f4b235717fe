'use client';
// Portal › Encuestas: what the student has to answer now — each general poll (to answer, or done)
// and each teacher evaluation with their classes of the period (done out of total) — and a way in.
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NextLink from 'next/link';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import { useActionQuery } from '@/lib/api/actions';
import type { AnswerOf } from '@/lib/contracts/contract';
import { pollHub } from '@/lib/contracts/polls';
import { formatDate } from '@/lib/format';

export type HubEntry = AnswerOf<typeof pollHub>[number];

/** The hub's entry of one application (undefined while it loads, or when it is not open to the student). */
export function useHubEntry(assignmentId: number) {
  return useActionQuery(pollHub, {}, { select: (rows) => rows.find((row) => row.assignment_id === assignmentId) });
}

export function PortalPolls() {
  const t = useT();
  const hub = useActionQuery(pollHub, {});
  return (
    <Stack spacing={2.5} data-testid="screen-content">
      <ScreenHeading title={t('polls.portal.title')} subtitle={t('polls.portal.subtitle')} />
      {hub.isPending && <LinearProgress aria-label={t('resource.loading')} />}
      {hub.data?.length === 0 && <Alert severity="info">{t('polls.portal.nothing')}</Alert>}
      {hub.data?.map((entry) => {
        const done = entry.classes?.filter((item) => item.is_complete).length ?? 0;
        return (
          <Paper key={entry.assignment_id} variant="outlined" sx={{ p: 2 }} data-testid={`hub-${entry.assignment_id}`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <Stack spacing={0.5}>
                <Typography variant="h6" component="h2">
                  {entry.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('polls.portal.until', { date: formatDate(entry.end_at) })}
                  {entry.kind === 'teacher' && ` · ${t('polls.portal.teachers_done', { done, total: entry.classes?.length ?? 0 })}`}
                </Typography>
              </Stack>
              {entry.done ? (
                <Chip color="success" icon={<CheckCircleOutline />} label={t('polls.portal.done')} />
              ) : (
                <Button variant="contained" component={NextLink} href={entry.kind === 'teacher' ? `/portal/eval_teacher/main/${entry.assignment_id}` : `/portal/polls/${entry.assignment_id}`} data-testid={`hub-open-${entry.assignment_id}`}>
                  {entry.kind === 'teacher' ? t('polls.portal.evaluate') : t('polls.portal.answer')}
                </Button>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
