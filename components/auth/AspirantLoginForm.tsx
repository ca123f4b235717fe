'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import MuiLink from '@mui/material/Link';
import SignInForm from './SignInForm';

/** Remote aspirants: web code and password (next-auth provider "aspirant"), and the way to sign up. */
export default function AspirantLoginForm({ sessionEnded = false }: { sessionEnded?: boolean }) {
  const t = useTranslations('admissions.signup');
  return (
    <>
      <SignInForm
        provider="aspirant"
        fields={{ id: 'web_code', secret: 'web_pass' }}
        texts={{
          title: 'aspirant_login.title',
          subtitle: 'aspirant_login.subtitle',
          id: 'aspirant_login.web_code',
          secret: 'aspirant_login.password',
          switchTo: 'login.to_staff',
        }}
        rejected="invalid_aspirant_credentials"
        switchHref="/login"
        sessionEnded={sessionEnded}
      />
      <MuiLink component={Link} href="/aspirants/signup" variant="body2" sx={{ display: 'block', textAlign: 'center', mt: 2 }} data-testid="to-signup">
        {t('first_time')}
      </MuiLink>
    </>
  );
}
