'use client';

import SignInForm from './SignInForm';

/** Staff, teachers and students: username and password (next-auth provider "credentials"). */
export default function LoginForm({ sessionEnded = false }: { sessionEnded?: boolean }) {
  return (
    <SignInForm
      provider="credentials"
      fields={{ id: 'username', secret: 'password' }}
      texts={{ title: 'login.title', subtitle: 'login.subtitle', id: 'login.username', secret: 'login.password', switchTo: 'login.to_aspirants' }}
      rejected="invalid_credentials"
      switchHref="/aspirants"
      sessionEnded={sessionEnded}
    />
  );
}
