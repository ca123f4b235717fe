// Checking credentials, with throttling per username: after LOGIN_MAX_FAILURES failures the
// username is locked for LOGIN_LOCK_MINUTES, whether or not it exists, with a generic message.
import { prisma } from '@/server/db/client';
import { env } from '@/server/env';
import { ApiError, msg } from '@/server/errors';
import { UNUSABLE_PASSWORD, hashPassword, needsRehash, verifyPassword } from './password';
import { upgradeAspirantPasswordHash } from '@/server/modules/inscription';

// A real argon2id hash compared against when a username does not exist, so both take as long.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-for-timing'));

function lockedError(until: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new ApiError(429, msg('auth.locked'), null, { status: 1 }, { 'retry-after': String(seconds) });
}

export async function assertNotLocked(key: string): Promise<void> {
  const throttle = await prisma.loginThrottle.findUnique({ where: { username: key } });
  if (throttle?.locked_until && throttle.locked_until > new Date()) throw lockedError(throttle.locked_until);
}

export async function recordFailure(key: string): Promise<void> {
  const now = new Date();
  const throttle = await prisma.loginThrottle.upsert({
    where: { username: key },
    create: { username: key, failures: 1, last_failure: now },
    // After a lock has expired the count starts again.
    update: { failures: { increment: 1 }, last_failure: now },
  });
  if (throttle.locked_until && throttle.locked_until <= now) {
    await prisma.loginThrottle.update({ where: { username: key }, data: { failures: 1, locked_until: null } });
    return;
  }
  if (throttle.failures >= env.LOGIN_MAX_FAILURES) {
    const until = new Date(now.getTime() + env.LOGIN_LOCK_MINUTES * 60_000);
    await prisma.loginThrottle.update({ where: { username: key }, data: { locked_until: until } });
    throw lockedError(until);
  }
}

export async function clearFailures(key: string): Promise<void> {
  await prisma.loginThrottle.deleteMany({ where: { username: key } });
}

/** The user id for good credentials of an active user; throws 401 (or 429 when locked) otherwise. */
export async function checkCredentials(usernameInput: string, password: string): Promise<number> {
  const username = usernameInput.trim();
  const key = `user:${username.toLowerCase()}`;
  await assertNotLocked(key);
  const user = await prisma.user.findFirst({
    where: { username: { equals: username, mode: 'insensitive' } },
    select: { id: true, password: true, is_active: true },
  });
  const hash = user?.password && user.password !== UNUSABLE_PASSWORD ? user.password : await decoy();
  const valid = (await verifyPassword(password, hash)) && !!user && user.is_active;
  if (!valid || !user) {
    await recordFailure(key);
    throw new ApiError(401, msg('auth.invalid_credentials'), null, { status: 1 });
  }
  await clearFailures(key);
  await prisma.user.update({
    where: { id: user.id },
    data: { last_login: new Date(), ...(needsRehash(user.password) ? { password: await hashPassword(password) } : {}) },
  });
  return user.id;
}

/** Aspirants sign in with their web code and the password they chose (web_pass). */
export async function checkAspirantCredentials(webCodeInput: string, password: string): Promise<{ userId: number; aspirantId: number }> {
  const webCode = webCodeInput.trim().toUpperCase();
  const key = `aspirant:${webCode}`;
  await assertNotLocked(key);
  const aspirant = await prisma.aspirant.findUnique({
    where: { web_code: webCode },
    select: { id: true, web_pass: true, is_active: true, user_id: true, user: { select: { is_active: true } }, student: { select: { no_control: true } } },
  });
  const hash = aspirant?.web_pass || (await decoy());
  const rightPassword = await verifyPassword(password, hash);
  // A converted applicant is a student now: their account is named by the control number. Told
  // so only with the right password (the control number is theirs to know, not the web code's).
  if (rightPassword && aspirant?.student) {
    await clearFailures(key);
    throw new ApiError(409, msg('auth.aspirant_now_student', { no_control: aspirant.student.no_control }), null, { status: 1, no_control: aspirant.student.no_control });
  }
  const valid = rightPassword && !!aspirant && aspirant.is_active && !!aspirant.user_id && aspirant.user?.is_active !== false;
  if (!valid || !aspirant?.user_id) {
    await recordFailure(key);
    throw new ApiError(401, msg('auth.invalid_aspirant_credentials'), null, { status: 1 });
  }
  await clearFailures(key);
  if (aspirant.web_pass && needsRehash(aspirant.web_pass)) {
    await upgradeAspirantPasswordHash(aspirant.id, password);
  }
  await prisma.user.update({ where: { id: aspirant.user_id }, data: { last_login: new Date() } });
  return { userId: aspirant.user_id, aspirantId: aspirant.id };
}
