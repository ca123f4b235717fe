'use client';
// An applicant's sign-up (manage/signup/): name, e-mail, CURP, the campus, the period (one of the
// campus's periods open for admission) and career they apply to and a password. A second
// application of the same e-mail or CURP in the period is refused with the way to get the web code
// sent to the registered e-mail. The answer gives them their web code — shown to keep, since it is how they sign in —
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
import WebCodeRecovery from './WebCodeRecovery';

type Props = {
  campuses: { id: number; name: string }[];
  careers: { id: number; name: string; campus_id: number | null }[];
  /** The periods open for admission, each with its campus. */
  periods: { id: number; description: string; campus_id: number }[];
};
const FIELDS = ['names', 'first_name', 'second_name', 'email', 'curp'] as const;
const OPTIONAL = ['second_name', 'curp'];

/** A campus's only open period is chosen for the applicant; with several they choose. */
function onlyPeriod(periods: Props['periods'], campusId: string): string {
  const open = periods.filter((period) => String(period.campus_id) === campusId);
  return open.length === 1 ? String(open[0].id) : '';
}

export default function AspirantSignupForm({ campuses, careers, periods }: Props) {
  const t = useTranslations('admissions.signup');
  const tf = useTranslations('fields');
  const [values, setValues] = useState<Record<string, string>>(() => {
    const campus = campuses.length === 1 ? String(campuses[0].id) : '';
    return { campus_id: campus, cicle_id: onlyPeriod(periods, campus) };
  });
  /** A refused second application: its message, and what to find the first one by. */
  const [duplicate, setDuplicate] = useState<{ text: string; email: string; curp: string | null } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [webCode, setWebCode] = useState<string | null>(null);
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value, ...(name === 'campus_id' ? { career_id: '', cicle_id: onlyPeriod(periods, value) } : {}) }));
  const campusPeriods = periods.filter((period) => String(period.campus_id) === values.campus_id);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setErrors({});
    setDuplicate(null);
    // What was typed, as it is: an empty campus or career goes as null for the server to say it is required.
    const body = { ...values, second_name: values.second_name || null, curp: values.curp || null, campus_id: Number(values.campus_id) || null, cicle_id: Number(values.cicle_id) || null, career_id: Number(values.career_id) || null } as unknown as InputOf<typeof aspirantSignup>;
    const answer = await callAction(aspirantSignup, { body });
    setBusy(false);
    if (!answer.ok) {
      const data = answer.data as Record<string, unknown>;
      if (answer.status === 409 && typeof data.duplicate === 'string') {
        setDuplicate({ text: String(data.detail ?? ''), email: data.duplicate === 'email' ? (values.email ?? '') : '', curp: data.duplicate === 'curp' ? (values.curp ?? null) : null });
        return;
      }
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
      {FIELDS.map((name) => field(name, { required: !OPTIONAL.includes(name), type: name === 'email' ? 'email' : 'text' }))}
      {field('campus_id', {
        select: true,
        required: true,
        children: campuses.map((campus) => (
          <MenuItem key={campus.id} value={String(campus.id)}>
            {campus.name}
          </MenuItem>
        )),
      })}
      {field('cicle_id', {
        select: true,
        required: true,
        label: t('period'),
        disabled: !values.campus_id,
        helperText: errors.cicle_id ?? (values.campus_id && campusPeriods.length === 0 ? t('no_period') : undefined),
        children: campusPeriods.map((period) => (
          <MenuItem key={period.id} value={String(period.id)}>
            {period.description}
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
      {duplicate && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Alert severity="warning" data-testid="signup-duplicate">
            {duplicate.text}
          </Alert>
          <WebCodeRecovery email={duplicate.email} curp={duplicate.curp} />
        </Box>
      )}
      <Button type="submit" variant="contained" disabled={busy} data-testid="signup-submit">
        {t('submit')}
      </Button>
      <MuiLink component={Link} href="/aspirants" variant="body2">
        {t('to_login')}
      </MuiLink>
    </Box>
  );
}
