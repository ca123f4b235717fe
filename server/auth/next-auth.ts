// Browser sessions: next-auth (v4) keeps an httpOnly cookie holding an encrypted JWT with the user
// id and the server-side session id, so route handlers resolve the same actor from the cookie as
// from a Bearer token, and logging out (revoking the session) ends the cookie's validity too.
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { DEFAULT_LOCALE, asLocale } from '@/lib/i18n';
import { env } from '@/server/env';
import { ApiError } from '@/server/errors';
import { translator } from '@/server/i18n/messages';
import { SESSION_COOKIE } from './actor';
import { nextAuthSecret } from './keys';
import { checkAspirantCredentials, checkCredentials } from './login';
import { openSession } from './sessions';

type RawRequest = { headers?: Record<string, string | string[] | undefined> | Headers };

function header(request: RawRequest | undefined, name: string): string {
  const headers = request?.headers;
  if (!headers) return '';
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] ?? '' : value ?? '';
}

function localeOf(request: RawRequest | undefined) {
  return asLocale(/(?:^|;\s*)NEXT_LOCALE=([^;]+)/.exec(header(request, 'cookie'))?.[1]) ?? DEFAULT_LOCALE;
}

/** next-auth passes only the error's message to the browser: make it the user's text. */
async function withUserMessage<T>(request: RawRequest | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.detail) throw new Error(translator(localeOf(request))(error.detail.key, error.detail.values));
    throw error;
  }
}

function meta(request: RawRequest | undefined) {
  return { ip: header(request, 'x-forwarded-for').split(',')[0].trim(), userAgent: header(request, 'user-agent') };
}

/** A sign-in form: its fields, and the check that turns them into a user id (or throws). */
function credentials<F extends string>(id: string, name: string, fields: readonly F[], check: (values: Record<F, string>) => Promise<number>) {
  return CredentialsProvider({
    id,
    name,
    credentials: Object.fromEntries(fields.map((field) => [field, { type: field.includes('pass') ? 'password' : 'text' }])),
    authorize: (submitted, request) =>
      withUserMessage(request as RawRequest, async () => {
        const values = Object.fromEntries(fields.map((field) => [field, String((submitted as Record<string, unknown> | undefined)?.[field] ?? '')])) as Record<F, string>;
        const userId = await check(values);
        const session = await openSession(userId, 'browser', meta(request as RawRequest));
        return { id: String(userId), sid: session.sessionId };
      }),
  });
}

export function authOptions(): NextAuthOptions {
  const secure = env.NEXTAUTH_URL.startsWith('https://');
  return {
    secret: nextAuthSecret(),
    session: { strategy: 'jwt', maxAge: env.SESSION_HOURS * 60 * 60 },
    pages: { signIn: '/login', error: '/login' },
    cookies: {
      sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: 'lax', path: '/', secure } },
    },
    providers: [
      credentials('credentials', 'Plantel', ['username', 'password'], (c) => checkCredentials(c.username, c.password)),
      credentials('aspirant', 'Aspirantes', ['web_code', 'web_pass'], async (c) => (await checkAspirantCredentials(c.web_code, c.web_pass)).userId),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.sid = (user as { sid?: string }).sid;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, uid: token.uid, sid: token.sid };
      },
    },
  };
}
