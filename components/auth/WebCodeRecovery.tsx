'use client';
// "Send me my web code": an applicant who already signed up (or forgot their code) asks for it by
// e-mail (manage/recover_web_code/). The server answers the same whether or not there is such an
// application, and the code only ever travels to the e-mail registered with it.
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'next-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import { recoverWebCode } from '@/lib/contracts/session';

type Props = {
  /** Known already (the sign-up that was refused): sent at once, without asking again. */
  email?: string;
  curp?: string | null;
};

export default function WebCodeRecovery({ email: knownEmail, curp }: Props) {
  const t = useTranslations('admissions.signup');
  const tf = useTranslations('fields');
  const [email, setEmail] = useState(knownEmail ?? '');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function send(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    setBusy(true);
    const result = await callAction(recoverWebCode, { body: { email: email.trim() || undefined, curp: curp || null } });
    setBusy(false);
    setAnswer(result.ok ? { ok: true, text: result.data.detail } : { ok: false, text: formatErrors(result.data).join('\n') });
  }

  if (knownEmail !== undefined) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Button variant="outlined" onClick={() => void send()} disabled={busy || answer?.ok} data-testid="recover-web-code">
          {t('recover')}
        </Button>
        {answer && (
          <Alert severity={answer.ok ? 'success' : 'error'} data-testid="recover-answer" sx={{ whiteSpace: 'pre-line' }}>
            {answer.text}
          </Alert>
        )}
      </Box>
    );
  }

  return (
    <Box component="form" onSubmit={send} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="recover-form">
      <Typography variant="h2" sx={{ fontSize: '1.05rem' }}>
        {t('recover_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('recover_intro')}
      </Typography>
      <TextField label={tf('email')} type="email" value={email} onChange={(event) => setEmail(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'recover-email', autoComplete: 'email' } }} />
      <Button type="submit" variant="outlined" disabled={busy || !email.trim()} data-testid="recover-send">
        {t('recover_send')}
      </Button>
      {answer && (
        <Alert severity={answer.ok ? 'success' : 'error'} data-testid="recover-answer" sx={{ whiteSpace: 'pre-line' }}>
          {answer.text}
        </Alert>
      )}
    </Box>
  );
}
