'use client';

// The sign-in card shared by staff/students and remote aspirants: two fields, errors from the
// server shown as they come (already in the user's language), then a full page load of "/" so the
// server renders the shell for the new session.
import { useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MuiLink from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

export type SignInFormProps = {
  provider: 'credentials' | 'aspirant';
  /** Field names the provider expects. */
  fields: { id: string; secret: string };
  /** Message keys under "shell". */
  texts: { title: string; subtitle: string; id: string; secret: string; switchTo: string };
  /** Message key under "auth" for a plain credentials rejection. */
  rejected: string;
  switchHref: string;
  sessionEnded?: boolean;
};

// next-auth's own error codes (CredentialsSignin, Configuration, ...) are not for people.
const NEXT_AUTH_CODE = /^[A-Z][A-Za-z]+$/;

export default function SignInForm({ provider, fields, texts, rejected, switchHref, sessionEnded = false }: SignInFormProps) {
  const t = useTranslations('shell');
  const ta = useTranslations('auth');
  const te = useTranslations('errors');
  const [identity, setIdentity] = useState('');
  const [secret, setSecret] = useState('');
  const [showSecret, setShowSecret] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ identity: boolean; secret: boolean }>({ identity: false, secret: false });
  const identityRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = { identity: !identity.trim(), secret: !secret };
    setMissing(check);
    if (check.identity || check.secret) {
      (check.identity ? identityRef : secretRef).current?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const result = await signIn<'credentials'>(provider, { redirect: false, [fields.id]: identity.trim(), [fields.secret]: secret });
      if (result?.ok && !result.error) {
        // A full load, not a client navigation: the layout must be rendered for the new session.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign('/');
        return;
      }
      const message = result?.error;
      if (!message || message === 'CredentialsSignin') setError(ta(rejected));
      else setError(NEXT_AUTH_CODE.test(message) ? t('login.failed') : message);
    } catch {
      setError(t('login.network'));
    }
    setSubmitting(false);
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: '1.4rem', mb: 0.5 }}>
          {t(texts.title)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(texts.subtitle)}
        </Typography>
      </Box>

      {error ? (
        <Alert severity="error" data-testid="login-error">
          {error}
        </Alert>
      ) : (
        sessionEnded && <Alert severity="info">{t('login.session_ended')}</Alert>
      )}

      <TextField
        label={t(texts.id)}
        name={fields.id}
        value={identity}
        onChange={(event) => setIdentity(event.target.value)}
        inputRef={identityRef}
        autoFocus
        fullWidth
        size="medium"
        required
        error={missing.identity}
        helperText={missing.identity ? te('required') : undefined}
        slotProps={{ htmlInput: { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false, 'data-testid': `login-${fields.id}` } }}
      />
      <TextField
        label={t(texts.secret)}
        name={fields.secret}
        type={showSecret ? 'text' : 'password'}
        value={secret}
        onChange={(event) => setSecret(event.target.value)}
        inputRef={secretRef}
        fullWidth
        size="medium"
        required
        error={missing.secret}
        helperText={missing.secret ? te('required') : undefined}
        slotProps={{
          htmlInput: { autoComplete: 'current-password', 'data-testid': `login-${fields.secret}` },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={showSecret ? t('login.hide_password') : t('login.show_password')}
                  aria-pressed={showSecret}
                  onClick={() => setShowSecret((shown) => !shown)}
                >
                  {showSecret ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />

      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        data-testid="login-submit"
        startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {t('login.submit')}
      </Button>

      <MuiLink component={Link} href={switchHref} variant="body2" sx={{ textAlign: 'center' }}>
        {t(texts.switchTo)}
      </MuiLink>
    </Box>
  );
}
