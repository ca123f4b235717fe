// The applicant's own sign-up from the aspirant portal (POST manage/signup/), and the upgrade of an
// applicant's password hash at sign-in: the applicant's rows are written here, by their owner
// module, never by the HTTP or sign-in layers that call these operations.
import { randomInt } from 'node:crypto';
import { aspirantSignupInput } from '@/lib/contracts/session';
import { hashPassword } from '@/server/auth/password';
import { type Prisma, prisma } from '@/server/db/client';
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
  const cicleId = await periodApplied(input.campus_id, input.cicle_id ?? null);
  const curp = input.curp ? input.curp.toUpperCase() : null;
  const hash = await hashPassword(input.web_pass);
  return prisma.$transaction(async (tx) => {
    // Sign-ups of one period wait for each other here, so two at once with the same e-mail or CURP
    // cannot both pass the check below.
    await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext('aspirant-signup'), ${cicleId}::int)) AS waited`;
    await refuseDuplicate(tx, cicleId, input.email, curp);
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
        curp,
        telephone: input.telephone,
        campus_id: input.campus_id,
        career_id: input.career_id,
        cicle_id: cicleId,
        user_id: user.id,
        // The pre-form is still to be filled in and handed in (submit_preform/).
        pending: true,
      },
      select: { id: true, web_code: true, status: true },
    });
    await recordHistory(tx, { table: 'aspirants', recordId: aspirant.id, type: '+', actor: null, changes: [{ field: 'web_code', old: null, new: webCode }] });
    return { userId: user.id, aspirant };
  });
}

/** The periods of a campus an applicant may sign up for: listed, and open for admission. */
export async function periodsOpenForAdmission(campusId?: number): Promise<{ id: number; description: string; campus_id: number }[]> {
  return prisma.cicle.findMany({ where: { admission_open: true, status: true, ...(campusId ? { campus_id: campusId } : {}) }, orderBy: [{ start: 'asc' }, { id: 'asc' }], select: { id: true, description: true, campus_id: true } });
}

/** The period applied for: the one chosen, if the campus has it open for admission; none chosen,
 * the campus's only open one. Otherwise the field's 400 (the sign-up form lists the open ones). */
async function periodApplied(campusId: number, chosen: number | null): Promise<number> {
  const open = await periodsOpenForAdmission(campusId);
  if (chosen !== null) {
    if (!open.some((period) => period.id === chosen)) throw new ApiError(400, null, { cicle_id: [msg('admissions.period_not_open')] }, { status: 1 });
    return chosen;
  }
  if (open.length === 1) return open[0].id;
  throw new ApiError(400, null, { cicle_id: [msg(open.length ? 'errors.required' : 'admissions.no_open_period')] }, { status: 1 });
}

/** One application per person and period: the same e-mail or CURP already applied (and not taken
 * off the board) is a 409 that offers to send the web code again. */
async function refuseDuplicate(tx: Prisma.TransactionClient, cicleId: number, email: string, curp: string | null): Promise<void> {
  const existing = await tx.aspirant.findFirst({
    where: { cicle_id: cicleId, is_active: true, OR: [{ email: { equals: email.trim(), mode: 'insensitive' } }, ...(curp ? [{ curp }] : [])] },
    select: { email: true },
  });
  if (!existing) return;
  const by = existing.email?.trim().toLowerCase() === email.trim().toLowerCase() ? 'email' : 'curp';
  throw new ApiError(409, msg(`admissions.signup_duplicate_${by}`), null, { status: 1, duplicate: by });
}

/** A stored hash of an older strength is replaced by a current one the first time the right
 * password is typed (the sign-in checked it). */
export async function upgradeAspirantPasswordHash(aspirantId: number, password: string): Promise<void> {
  await prisma.aspirant.update({ where: { id: aspirantId }, data: { web_pass: await hashPassword(password) } });
}
