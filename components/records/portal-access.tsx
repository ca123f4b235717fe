'use client';
// A student's portal access on her page: her user (the control number) and whether she has been
// given a first password. Right after she is registered the page offers her welcome sheet; later
// the same button, with a question first, resets her access (a new first password, a new sheet,
// the old password and its sessions ended). The password is only ever in the downloaded PDF.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { saveBlob } from '@/components/resource/download';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { callAction, useActionQuery } from '@/lib/api/actions';
import { portalAccess, resetPortalAccess } from '@/lib/contracts/students';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

export function PortalAccess({ studentId, canEdit }: { studentId: string; canEdit: boolean }) {
  const t = useT();
  const titleId = useId();
  const invalidate = useInvalidateApi();
  const access = useActionQuery(portalAccess, { params: { id: studentId } });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const give = async () => {
    setAsking(false);
    setBusy(true);
    setOutcome(null);
    const answer = await callAction(resetPortalAccess, { params: { id: studentId } });
    setBusy(false);
    if (!answer.ok || !(answer.data instanceof Blob)) {
      setOutcome({ ok: false, text: formatErrors(answer.data).join('\n') || t('resource.save_error') });
      return;
    }
    saveBlob(answer.data, `${t('scholar.portal.sheet_title')} ${access.data?.username ?? studentId}.pdf`);
    setOutcome({ ok: true, text: t('scholar.portal.done') });
    await invalidate(RESOURCE_BASES.students);
  };

  const state = access.data;
  const given = !!state?.password_given;
  const text = !state ? null : !state.username ? 'scholar.portal.no_account' : !state.active ? 'scholar.portal.inactive' : given ? 'scholar.portal.given' : 'scholar.portal.pending';
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="portal-access">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography id={titleId} variant="h6" component="h2">
              {t('scholar.portal.title')}
            </Typography>
            {state?.username && <Chip size="small" label={t('scholar.portal.username', { username: state.username })} data-testid="portal-username" />}
          </Stack>
          {text && (
            <Typography variant="body2" color="text.secondary" data-testid="portal-state">
              {t(text)}
            </Typography>
          )}
        </Stack>
        {canEdit && state && (
          <Button
            variant={given ? 'outlined' : 'contained'}
            loading={busy}
            onClick={() => (given ? setAsking(true) : void give())}
            data-testid={given ? 'portal-reset' : 'portal-welcome'}
            sx={{ flexShrink: 0 }}
          >
            {t(given ? 'scholar.portal.reset' : 'scholar.portal.print')}
          </Button>
        )}
      </Stack>
      {access.isError && <Alert severity="error" sx={{ mt: 1 }}>{t('resource.load_error')}</Alert>}
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 1, whiteSpace: 'pre-line' }} data-testid="portal-outcome">
          {outcome.text}
        </Alert>
      )}
      <ConfirmDialog open={asking} message={t('scholar.portal.confirm_reset')} busy={busy} onConfirm={() => void give()} onCancel={() => setAsking(false)} />
    </Paper>
  );
}
