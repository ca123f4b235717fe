// The sign-in and session calls (server/http/session-routes.ts): literal routes rather than a
// resource's actions, described by contracts all the same, for the API document, the answer checks
// of the test runs and the typed client. Bases are the routes' folders: "manage/" for signing in
// and out, "manage/api/sessions/" for one's own sessions.
import { z } from 'zod';
import { email, id, nullableText, password, text } from '@/lib/validation';
import { defineContract, emptyAnswer } from './contract';
import { wireDate, wireId, wireInstant } from './wire';

const MANAGE = 'manage/';
const SESSIONS = 'manage/api/sessions/';

/** The signed-in user as the shell reads it (lib/session-types.ts SessionUser). */
export const sessionUser = z.object({
  id: wireId,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  initials: z.string(),
  email: z.string(),
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  language: z.string(),
  roles: z.array(z.object({ id: wireId, name: z.string(), short: z.string() })),
  role_shorts: z.array(z.string()),
  permissions: z.array(z.string()),
  routes: z.array(z.string()),
  kind: z.enum(['staff', 'teacher', 'student', 'aspirant']),
  is_admin: z.boolean(),
  student_id: wireId.nullable(),
  teacher_id: wireId.nullable(),
  aspirant_id: wireId.nullable(),
});

/** An API client's tokens: the access token, when it expires (seconds since 1970) and the one-use refresh token. */
const tokens = z.object({ token: z.string(), refresh_token: z.string(), exp: z.number().int() });
const signedIn = tokens.extend({ user: sessionUser });

/** POST manage/login/ */
export const login = defineContract({
  method: 'POST',
  base: MANAGE,
  path: 'login/',
  summary: 'Signs a user in with their username and password: the user and a new session’s tokens (a refusal carries `status: 1`).',
  input: z.object({ username: z.string().trim().min(1).max(150), password: z.string().min(1).max(256) }),
  output: signedIn,
});

/** An applicant as their portal reads them. */
const aspirant = z.object({ id: wireId, web_code: z.string(), names: z.string(), first_name: z.string(), second_name: z.string().nullable(), status: z.string(), email: z.string().nullable() });

/** POST manage/aspirants/ */
export const aspirantLogin = defineContract({
  method: 'POST',
  base: MANAGE,
  path: 'aspirants/',
  summary: 'Signs an applicant in with their web code and password: the user, the applicant and a new session’s tokens (a refusal carries `status: 1`). An applicant already converted into a student gets, with the right password, a 409 naming their control number (`no_control`) to sign in with at manage/login/.',
  input: z.object({ web_code: z.string().trim().min(1).max(20), web_pass: z.string().min(1).max(256) }),
  output: signedIn.extend({ aspirant: aspirant.nullable() }),
  errors: [409],
});

/** POST manage/token-refresh/ */
export const tokenRefresh = defineContract({
  method: 'POST',
  base: MANAGE,
  path: 'token-refresh/',
  summary: 'Exchanges a refresh token (used once) for new tokens of the same session; an unknown, used or revoked one is a 401 with `status: 1`.',
  // Whatever is wrong with it, the answer is the same 401: the handler reads it without refusing a 400.
  input: z.object({ refresh_token: z.string() }),
  output: tokens,
});

/** GET manage/check_session/ */
export const checkSession = defineContract({
  method: 'GET',
  base: MANAGE,
  path: 'check_session/',
  summary: 'Whether the session still works, with its user.',
  output: z.object({ user: sessionUser }),
});

/** GET manage/initial_data/ */
export const initialData = defineContract({
  method: 'GET',
  base: MANAGE,
  path: 'initial_data/',
  summary: 'What the shell starts from: the user, the campuses, the periods of the chosen campus and the chosen campus and period.',
  // Unreadable ids are ignored (the stored choice, or the first, is taken instead).
  query: z.object({ campus_id: z.string().optional(), cicle_id: z.string().optional() }),
  output: z.object({
    user: sessionUser,
    campuses: z.array(z.object({ id: wireId, code: z.string(), name: z.string() })),
    cicles: z.array(
      z.object({ id: wireId, description: z.string(), cicle_name: z.string().nullable(), campus_id: wireId.nullable(), cicle_type: z.string(), is_active: z.boolean(), start: wireDate.nullable(), end: wireDate.nullable() }),
    ),
    selection: z.object({ campus_id: wireId.nullable(), cicle_id: wireId.nullable() }),
    cicle_locked: z.boolean(),
    institution_name: z.string(),
  }),
});

/** POST manage/logout/ */
export const logout = defineContract({
  method: 'POST',
  base: MANAGE,
  path: 'logout/',
  summary: 'Ends the session asking, and clears the browser’s session and selection cookies.',
  output: emptyAnswer,
});

/** One of the user's own sessions (lib/session-types.ts OwnSessionView). */
export const ownSession = z.object({
  id: z.string(),
  kind: z.string(),
  created_at: wireInstant,
  last_used_at: wireInstant,
  expires_at: wireInstant,
  ip: z.string(),
  user_agent: z.string(),
  device: z.string(),
  device_kind: z.enum(['phone', 'tablet', 'computer', 'program']),
  current: z.boolean(),
});

/** GET manage/api/sessions/ */
export const ownSessions = defineContract({
  method: 'GET',
  base: SESSIONS,
  path: '',
  summary: 'The caller’s own sessions that still work, most recently used first, the one asking marked `current`.',
  output: z.array(ownSession),
});

/** POST manage/api/sessions/{id}/end/ */
export const endSession = defineContract({
  method: 'POST',
  base: SESSIONS,
  path: '{id}/end/',
  summary: 'Ends one of the caller’s own sessions (404 for any other); ending the one asking signs the caller out.',
  output: emptyAnswer,
});

/** POST manage/api/sessions/end_others/ */
export const endOtherSessions = defineContract({
  method: 'POST',
  base: SESSIONS,
  path: 'end_others/',
  summary: 'Ends every session of the caller but the one asking: how many ended.',
  output: z.object({ ended: z.number().int() }),
});

/** What an applicant types to sign up (server/modules/inscription/aspirant-signup.ts). */
export const aspirantSignupInput = z
  .object({
    names: text(100),
    first_name: text(100),
    second_name: nullableText(100),
    email: email.pipe(z.string().min(1)),
    curp: nullableText(18),
    telephone: nullableText(20),
    campus_id: id,
    career_id: id,
    /** The period applied for, one of the campus's periods open for admission (omitted: the
     * campus's only open one). */
    cicle_id: id.nullish(),
    web_pass: password,
    web_pass_confirm: z.string(),
  })
  .refine((value) => value.web_pass === value.web_pass_confirm, { path: ['web_pass_confirm'], message: 'auth.passwords_mismatch' });

/** POST manage/signup/ */
export const aspirantSignup = defineContract({
  method: 'POST',
  base: MANAGE,
  path: 'signup/',
  summary: 'An applicant signs up from the aspirant portal: the applicant (status PRE) and their account are created and signed in (a refusal carries `status: 1`).',
  input: aspirantSignupInput,
  output: signedIn.extend({ status: z.literal(0), aspirant: z.object({ id: wireId, web_code: z.string(), status: z.string() }) }),
  status: 201,
  // 409: the same e-mail or CURP already applied for that period (`duplicate` names which; the
  // message offers to send the web code again, manage/recover_web_code/).
  errors: [409],
});

/** POST manage/recover_web_code/ */
export const recoverWebCode = defineContract({
  method: 'POST',
  base: MANAGE,
  path: 'recover_web_code/',
  summary: 'Sends an applicant’s web code to their registered e-mail, found by that e-mail or by their CURP. The answer is the same whether or not there is such an application (it never shows the code nor the e-mail), and repeated requests for one e-mail or CURP are held back as failed sign-ins are.',
  input: z
    .object({ email: email.optional(), curp: nullableText(18) })
    .refine((value) => Boolean(value.email) || Boolean(value.curp), { path: ['email'], message: 'errors.required' }),
  output: z.object({ detail: z.string() }),
});
