'use client';
// Mis sesiones: every place the user's account is signed in (this browser, a phone, an API
// client), with where and when it was last used, and a way to end each one or all the others. A
// list rather than a table: portal users read it on phones, where each session wraps onto lines.
import ComputerIcon from '@mui/icons-material/Computer';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import TabletMacIcon from '@mui/icons-material/TabletMac';
import TerminalIcon from '@mui/icons-material/Terminal';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { formatErrors, logout } from '@/lib/api-client';
import { callAction, useActionQuery } from '@/lib/api/actions';
import { useInvalidateApi } from '@/lib/api-query';
import { endOtherSessions, endSession, ownSessions } from '@/lib/contracts/session';
import { formatDateTime } from '@/lib/format';
import type { OwnSessionView } from '@/lib/session-types';
import type { DeviceKind } from '@/lib/user-agent';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { useNotice } from '@/components/resource/notice';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';

const PATH = `/${ownSessions.base}`;

const DEVICE_ICONS: Record<DeviceKind, typeof ComputerIcon> = { computer: ComputerIcon, phone: PhoneIphoneIcon, tablet: TabletMacIcon, program: TerminalIcon };

/** What the confirmation is about: one session, or all the others. */
type Pending = { kind: 'one'; session: OwnSessionView } | { kind: 'others'; count: number };

export function SessionsScreen({ initialSessions }: { initialSessions: OwnSessionView[] }) {
  const t = useT();
  const invalidate = useInvalidateApi();
  const { notify, node: notice } = useNotice();
  const sessions = useActionQuery(ownSessions, {}, { initialData: initialSessions });
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const rows = sessions.data ?? [];
  const others = rows.filter((session) => !session.current).length;

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    const ending = pending;
    const answer = ending.kind === 'one' ? await callAction(endSession, { params: { id: ending.session.id }, callType: 'save' }) : await callAction(endOtherSessions, { callType: 'save' });
    if (answer.ok && ending.kind === 'one' && ending.session.current) {
      // This very session is over: the server has cleared its cookie; leave as a logout does.
      await logout();
      return;
    }
    setBusy(false);
    setPending(null);
    if (!answer.ok) {
      // Already ended elsewhere (404): the list as it is now says so.
      notify(formatErrors(answer.data).join('\n') || t('account.sessions.load_error'), 'error');
    } else if (ending.kind === 'one') {
      notify(t('account.sessions.ended'));
    } else {
      notify(t('account.sessions.ended_others', { count: answer.data?.ended ?? 0 }));
    }
    await invalidate(PATH);
  }

  const question =
    pending?.kind === 'others'
      ? t('account.sessions.confirm_end_others', { count: pending.count })
      : pending?.session.current
        ? t('account.sessions.confirm_end_current')
        : pending
          ? t('account.sessions.confirm_end', { device: pending.session.device })
          : '';

  return (
    <Stack spacing={2} data-testid="screen-content">
      <ScreenHeading title={t('account.sessions.title')} subtitle={t('account.sessions.description')}>
        <Button variant="outlined" color="error" disabled={others === 0 || busy} onClick={() => setPending({ kind: 'others', count: others })} data-testid="sessions-end-others" sx={{ flexShrink: 0 }}>
          {t('account.sessions.end_others')}
        </Button>
      </ScreenHeading>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {sessions.isFetching && <LinearProgress aria-label={t('resource.loading')} />}
        {sessions.error && (
          <Alert severity="error" sx={{ m: 1.5, whiteSpace: 'pre-line' }}>
            {sessions.error.lines.join('\n') || t('account.sessions.load_error')}
          </Alert>
        )}
        <List disablePadding aria-label={t('account.sessions.title')} data-testid="sessions-list">
          {rows.map((session, index) => {
            const Icon = DEVICE_ICONS[session.device_kind] ?? ComputerIcon;
            return (
              <Fragment key={session.id}>
                {index > 0 && <Divider component="li" />}
                <ListItem data-testid={`session-${session.id}`} data-current={session.current} sx={{ py: 1.5, gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                  <Icon aria-hidden color={session.current ? 'primary' : 'action'} sx={{ mt: 0.25 }} />
                  {/* On a phone the button goes under the text, in line with it (the icon and the gap are 40px). */}
                  <Box sx={{ flex: { xs: '1 1 calc(100% - 40px)', sm: 1 }, minWidth: 0 }}>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} title={session.user_agent || undefined}>
                        {session.device}
                      </Typography>
                      {session.current && <Chip size="small" color="primary" label={t('account.sessions.this_session')} data-testid="session-current" />}
                      <Chip size="small" variant="outlined" label={t(session.kind === 'browser' ? 'account.sessions.kind_browser' : 'account.sessions.kind_api')} />
                    </Stack>
                    <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, typography: 'body2', color: 'text.secondary' }}>
                      <Fact label={t('account.sessions.ip')} value={session.ip || t('account.sessions.unknown_ip')} />
                      <Fact label={t('account.sessions.started')} value={formatDateTime(session.created_at)} />
                      <Fact label={t('account.sessions.last_activity')} value={formatDateTime(session.last_used_at)} />
                    </Box>
                  </Box>
                  <Button
                    size="small"
                    color="error"
                    variant={session.current ? 'outlined' : 'text'}
                    disabled={busy}
                    onClick={() => setPending({ kind: 'one', session })}
                    aria-label={t('account.sessions.end_label', { device: session.device })}
                    data-testid={`session-end-${session.id}`}
                    sx={{ flexShrink: 0, ml: { xs: 5, sm: 0 } }}
                  >
                    {t('account.sessions.end')}
                  </Button>
                </ListItem>
              </Fragment>
            );
          })}
        </List>
      </Paper>
      <Typography variant="caption" color="text.secondary">
        {others === 0 ? `${t('account.sessions.none_other')} ` : ''}
        {t('account.sessions.activity_help')}
      </Typography>
      <ConfirmDialog open={pending !== null} message={question} busy={busy} onConfirm={() => void confirm()} onCancel={() => setPending(null)} />
      {notice}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Box component="dt">{label}</Box>
      <Box component="dd" sx={{ m: 0, color: 'text.primary', overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </>
  );
}
