'use client';

import SignInForm from './SignInForm';

/** Remote aspirants: web code and password (next-auth provider "aspirant"). */
export default function AspirantLoginForm({ sessionEnded = false }: { sessionEnded?: boolean }) {
  return (
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
  );
}
