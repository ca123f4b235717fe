'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MuiLink from '@mui/material/Link';
import SignInForm from './SignInForm';
import WebCodeRecovery from './WebCodeRecovery';

/** Remote aspirants: web code and password (next-auth provider "aspirant"), the way to sign up, and
 * the web code sent again to one's registered e-mail. An applicant already converted into a student
 * is told by the server, on signing in here, to use /login with their control number. */
export default function AspirantLoginForm({ sessionEnded = false }: { sessionEnded?: boolean }) {
  const t = useTranslations('admissions.signup');
  const [recovering, setRecovering] = useState(false);
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
      <Button size="small" onClick={() => setRecovering((open) => !open)} sx={{ display: 'block', mx: 'auto', mt: 1 }} aria-expanded={recovering} data-testid="to-recover">
        {t('recover_link')}
      </Button>
      <Collapse in={recovering} unmountOnExit>
        <WebCodeRecovery />
      </Collapse>
    </>
  );
}
