// The applicant's own sign-up from the aspirant portal (POST manage/signup/), and the upgrade of an
// applicant's password hash at sign-in: the applicant's rows are written here, by their owner
// module, never by the HTTP or sign-in layers that call these operations.
import { randomInt } from 'node:crypto';
import { aspirantSignupInput } from '@/lib/contracts/session';
import { hashPassword } from '@/server/auth/password';
import { prisma } from '@/server/db/client';
import { recordHistory } from '@/server/engine/audit';
import { ApiError, badRequest, msg } from '@/server/errors';
import { zodFieldErrors } from '@/server/validation';

/** A web code people can read out on the phone: A + year + 5 digits. */
function newWebCode(): string {
  return `A${new Date().getFullYear()}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

/** What an applicant types to sign up: the contract's body (lib/contracts/session.ts). */
export const aspirantSignupSchema = aspirantSignupInput;

/** Creates the applicant (status PRE) and their sign-in account with the remote_aspirant role. The
 * portal's answers carry `status: 1` on a refusal, as its client expects. */
export async function signUpAspirant(body: unknown): Promise<{ userId: number; aspirant: { id: number; web_code: string; status: string } }> {
  const parsed = aspirantSignupSchema.safeParse(body);
  if (!parsed.success) throw badRequest(zodFieldErrors(parsed.error), { status: 1 });
  const input = parsed.data;
  const career = await prisma.career.findFirst({ where: { id: input.career_id, campus_id: input.campus_id, status: true }, select: { id: true } });
  if (!career) throw new ApiError(400, null, { career_id: [msg('errors.unknown_reference')] }, { status: 1 });
  const role = await prisma.role.findUnique({ where: { short: 'remote_aspirant' }, select: { id: true } });
  if (!role) throw new ApiError(409, msg('auth.signup_closed'), null, { status: 1 });
  const hash = await hashPassword(input.web_pass);
  // An application is for a period: the one chosen, else the campus's active one (the
  // admissions board of that period lists it from the first day).
  const cicleId = input.cicle_id ?? (await prisma.cicle.findFirst({ where: { campus_id: input.campus_id, is_active: true, status: true }, orderBy: { start: 'desc' }, select: { id: true } }))?.id ?? null;
  return prisma.$transaction(async (tx) => {
    let webCode = newWebCode();
    while (await tx.aspirant.findUnique({ where: { web_code: webCode }, select: { id: true } })) webCode = newWebCode();
    const user = await tx.user.create({
      data: {
        username: webCode.toLowerCase(),
        first_name: input.names,
        last_name: [input.first_name, input.second_name].filter(Boolean).join(' '),
        email: input.email,
        password: hash,
        roles: { create: [{ role_id: role.id }] },
      },
      select: { id: true },
    });
    const aspirant = await tx.aspirant.create({
      data: {
        web_code: webCode,
        web_pass: hash,
        names: input.names,
        first_name: input.first_name,
        second_name: input.second_name,
        email: input.email,
        curp: input.curp ? input.curp.toUpperCase() : null,
        telephone: input.telephone,
        campus_id: input.campus_id,
        career_id: input.career_id,
        cicle_id: cicleId,
        user_id: user.id,
      },
      select: { id: true, web_code: true, status: true },
    });
    await recordHistory(tx, { table: 'aspirants', recordId: aspirant.id, type: '+', actor: null, changes: [{ field: 'web_code', old: null, new: webCode }] });
    return { userId: user.id, aspirant };
  });
}

/** A stored hash of an older strength is replaced by a current one the first time the right
 * password is typed (the sign-in checked it). */
export async function upgradeAspirantPasswordHash(aspirantId: number, password: string): Promise<void> {
  await prisma.aspirant.update({ where: { id: aspirantId }, data: { web_pass: await hashPassword(password) } });
}
