'use client';
// An applicant's sign-up (manage/signup/): name, e-mail, the campus and career they apply to and a
// password. The answer gives them their web code — shown to keep, since it is how they sign in —
// and they go on signed in to the applicant portal, where the pre-form continues.
import { type FormEvent, useState } from 'react';
import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import MuiLink from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import type { InputOf } from '@/lib/contracts/contract';
import { aspirantSignup } from '@/lib/contracts/session';

type Props = { campuses: { id: number; name: string }[]; careers: { id: number; name: string; campus_id: number | null }[] };
const FIELDS = ['names', 'first_name', 'second_name', 'email'] as const;

export default function AspirantSignupForm({ campuses, careers }: Props) {
  const t = useTranslations('admissions.signup');
  const tf = useTranslations('fields');
  const [values, setValues] = useState<Record<string, string>>({ campus_id: campuses.length === 1 ? String(campuses[0].id) : '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [webCode, setWebCode] = useState<string | null>(null);
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value, ...(name === 'campus_id' ? { career_id: '' } : {}) }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setErrors({});
    // What was typed, as it is: an empty campus or career goes as null for the server to say it is required.
    const body = { ...values, second_name: values.second_name || null, campus_id: Number(values.campus_id) || null, career_id: Number(values.career_id) || null } as unknown as InputOf<typeof aspirantSignup>;
    const answer = await callAction(aspirantSignup, { body });
    setBusy(false);
    if (!answer.ok) {
      const data = answer.data as Record<string, unknown>;
      const fieldErrors = Object.fromEntries(Object.entries(data).filter(([name, value]) => Array.isArray(value) && name !== 'non_field_errors').map(([name, value]) => [name, (value as string[]).join(' ')]));
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setProblem(formatErrors(answer.data).join('\n'));
      return;
    }
    setWebCode(answer.data.aspirant.web_code);
  }

  async function enter() {
    if (!webCode) return;
    setBusy(true);
    await signIn('aspirant', { web_code: webCode, web_pass: values.web_pass, redirect: false });
    // A full page load, as after any sign-in: the server renders the shell for the new session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/');
  }

  if (webCode) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="signup-done">
        <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
          {t('done_title')}
        </Typography>
        <Alert severity="success">{t('done', { web_code: webCode })}</Alert>
        <Typography variant="h2" sx={{ fontSize: '2rem', letterSpacing: 2, textAlign: 'center' }} data-testid="signup-web-code">
          {webCode}
        </Typography>
        <Button variant="contained" onClick={enter} disabled={busy} data-testid="signup-enter">
          {t('enter')}
        </Button>
      </Box>
    );
  }

  const field = (name: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      key={name}
      label={extra.label ?? tf(name)}
      value={values[name] ?? ''}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      slotProps={{ htmlInput: { 'data-testid': `signup-${name}` } }}
      {...extra}
    />
  );

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('subtitle')}
      </Typography>
      {FIELDS.map((name) => field(name, { required: name !== 'second_name', type: name === 'email' ? 'email' : 'text' }))}
      {field('campus_id', {
        select: true,
        required: true,
        children: campuses.map((campus) => (
          <MenuItem key={campus.id} value={String(campus.id)}>
            {campus.name}
          </MenuItem>
        )),
      })}
      {field('career_id', {
        select: true,
        required: true,
        children: careers
          .filter((career) => String(career.campus_id) === values.campus_id)
          .map((career) => (
            <MenuItem key={career.id} value={String(career.id)}>
              {career.name}
            </MenuItem>
          )),
      })}
      {field('web_pass', { required: true, type: 'password', label: t('password') })}
      {field('web_pass_confirm', { required: true, type: 'password', label: t('password_confirm') })}
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button type="submit" variant="contained" disabled={busy} data-testid="signup-submit">
        {t('submit')}
      </Button>
      <MuiLink component={Link} href="/aspirants" variant="body2">
        {t('to_login')}
      </MuiLink>
    </Box>
  );
}
