// The applicant's actions (inscription/api/aspirants/{id}/...): review, the admission charge and its
// bank reference, starting over, taking off the board and back, and the conversion into a student.
// Each one locks the applicant's row, asks the state machine (lib/admissions/aspirant-states.ts)
// and answers 409 naming the states when the move is not allowed; its changes and their history
// are one transaction. The applicant gets an e-mail at each step (best effort, after the commit).
import type { AspirantAction } from '@/lib/admissions/aspirant-states';
import type { Actor } from '@/server/auth/actor';
import { revokeUserSessions } from '@/server/auth/sessions';
import { splitFullName } from '@/lib/admissions/names';
import * as contracts from '@/lib/contracts/inscription';
import { formatDate, formatMoney } from '@/lib/format';
import { today } from '@/server/clock';
import { type Prisma, prisma } from '@/server/db/client';
import { type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import type { ActionContext } from '@/server/engine/context';
import { authorize, parseId } from '@/server/engine/engine';
import { nothing } from '@/server/engine/results';
import { checkDelete } from '@/server/engine/states';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import { ApiError, badRequest, msg } from '@/server/errors';
import { cancelSale, chargeApplicant, conceptsInForce, isoDay, issueSaleReference, transferApplicantCharges, unitDiscountFor } from '@/server/modules/finance';
import { admitStudent, linkStudentAccount } from '@/server/modules/students';
import { notifyAspirant } from './aspirant-mail';
import { aspirantStates, deactivateAspirant } from './aspirant-lifecycle';
import { type Aspirant, allowed, fullName, lockAspirant, moveTo } from './aspirant-state';

type Tx = Prisma.TransactionClient;

/** The admission exam's concept code; with the price list's inscription concepts it makes the admission charge. */
const ADMISSION_EXAM_CODE = 'EXADM';
const STUDENT_STATUS_REGULAR = { clas_id: 3, code: 'REG' };

const idOf = (ctx: ActionContext) => parseId(ctx.params.id);

/** A plain move of the state machine (review, take off the board, put back). */
function simpleMove(contract: typeof contracts.reviewAspirant | typeof contracts.reactivateAspirant, action: AspirantAction, event: string): ActionDefinition {
  return defineAction(contract, {
    needs: 'write',
    handler: async (ctx) => {
      const id = idOf(ctx);
      const { input } = ctx;
      const aspirant = await prisma.$transaction(async (tx) => {
        const current = await lockAspirant(tx, id);
        const to = allowed(current, action, ctx.t);
        await recordHistoryMany(tx, [await moveTo(tx, ctx.actor, current, to, input.notes ? { notes: input.notes } : {}, input.reason)]);
        return { ...current, ...to };
      });
      await notifyAspirant(aspirant, event);
      return { id, status: aspirant.status, is_active: aspirant.is_active };
    },
  });
}

export const reviewAspirant = simpleMove(contracts.reviewAspirant, 'review', 'reviewed');

/** Takes an applicant off the board (deactivateAspirant), answers them as they are now, and tells them. */
async function deactivate(ctx: ActionContext, options: { reason?: string; notes?: string; generic?: boolean }) {
  const id = idOf(ctx);
  const aspirant = await prisma.$transaction(async (tx) => {
    const current = await lockAspirant(tx, id);
    // The generic DELETE answers as every state table does (409 naming the state); the action
    // keeps the state machine's own refusal, which names the action.
    if (options.generic) await checkDelete(aspirantStates, tx, current, ctx.t);
    await recordHistoryMany(tx, await deactivateAspirant(tx, ctx.actor, current, ctx.t, options));
    return { ...current, is_active: false };
  });
  await notifyAspirant(aspirant, 'deleted');
  return aspirant;
}

/** POST {id}/delete_aspirant/: off the board, nothing erased. */
export const deleteAspirant: ActionDefinition = defineAction(contracts.deleteAspirant, {
  needs: 'write',
  handler: async (ctx) => {
    const { input } = ctx;
    const aspirant = await deactivate(ctx, { reason: input.reason || ctx.reason, notes: input.notes });
    return { id: aspirant.id, status: aspirant.status, is_active: aspirant.is_active };
  },
});

/**
 * DELETE inscription/api/aspirants/{id}/: an applicant is never erased (their payments, documents
 * and history stay): the generic delete deactivates them, as delete_aspirant does, and answers 204.
 * A converted or already inactive applicant answers 409 naming their state.
 */
export const deleteAspirantRecord = (definition: () => ResourceDefinition): ActionDefinition =>
  defineAction(contracts.deleteAspirantRecord, {
    needs: 'write',
    handler: async (ctx) => {
      authorize(ctx.actor, definition(), 'write', 'delete');
      await deactivate(ctx, { reason: ctx.reason, generic: true });
      return nothing();
    },
  });
export const reactivateAspirant = simpleMove(contracts.reactivateAspirant, 'reactivate', 'reactivated');

/** The applicant's open admission charge: their sale, active and not paid. */
async function openCharge(tx: Tx, aspirant: Aspirant) {
  if (!aspirant.sale_id) return null;
  const sale = await tx.sale.findUnique({ where: { id: aspirant.sale_id }, select: { id: true, status: true, paid: true, total_paid: true } });
  return sale && sale.status && !sale.paid ? sale : null;
}

/**
 * POST {id}/generate_payment/: the admission charge (the admission exam and the inscription
 * concepts of the applicant's price list) and its bank reference. Asked again, the same open
 * charge gets its reference again (a new one when the amount changed): never two open charges.
 */
export const generatePayment: ActionDefinition = defineAction(contracts.generateAspirantPayment, {
  needs: 'write',
  handler: async (ctx) => {
    const id = idOf(ctx);
    const { actor, t } = ctx;
    const answer = await prisma.$transaction(async (tx) => {
      const aspirant = await lockAspirant(tx, id);
      const to = allowed(aspirant, 'generate_payment', t);
      let saleId = (await openCharge(tx, aspirant))?.id ?? null;
      const history: HistoryEntry[] = [];
      // The charge belongs to the period the applicant enters (their campus's active one when they
      // signed up without choosing).
      const cicleId = await periodOf(tx, aspirant);
      if (!saleId) {
        const day = new Date(`${today()}T00:00:00Z`);
        const concepts = await tx.concept.findMany({
          where: { OR: [{ is_inscription: true }, { code: ADMISSION_EXAM_CODE }], ...conceptsInForce({ campusId: aspirant.campus_id, careerId: aspirant.career_id, day }) },
          orderBy: [{ is_inscription: 'asc' }, { id: 'asc' }],
          select: { id: true, code: true, description: true, amount: true, iva: true, is_inscription: true, price_list: { select: { is_general: true } } },
        });
        // One concept per code: a list naming the career wins over a general one.
        const byCode = new Map<string, (typeof concepts)[number]>();
        for (const concept of concepts) {
          const kept = byCode.get(concept.code);
          if (!kept || (kept.price_list.is_general && !concept.price_list.is_general)) byCode.set(concept.code, concept);
        }
        if (![...byCode.values()].some((concept) => concept.is_inscription)) throw badRequest({ career_id: [msg('admissions.no_inscription_concept')] });
        const buyer = { student_id: null, cicle_id: cicleId, career_id: aspirant.career_id, grade: 1, day };
        const lines = [];
        for (const concept of byCode.values()) {
          const amount = concept.amount.toFixed(2);
          const discount = await unitDiscountFor(tx, buyer, concept.id, amount);
          lines.push({ concept_id: concept.id, description: concept.description, amount, iva: concept.iva.toFixed(4), discount, total: concept.amount.minus(discount).toFixed(2) });
        }
        // The charge is the sale aggregate's to write (finance's operation).
        saleId = await chargeApplicant(tx, actor, { aspirant_id: aspirant.id, client: fullName(aspirant), cicle_id: cicleId, career_id: aspirant.career_id, notes: t('admissions.charge_note'), lines });
      }
      const issued = await issueSaleReference(tx, actor, saleId, t);
      history.push(await moveTo(tx, actor, aspirant, to, aspirant.sale_id === saleId ? {} : { sale_id: saleId }));
      await recordHistoryMany(tx, history);
      const reference = await tx.reference.findUniqueOrThrow({ where: { id: issued.id }, select: { id: true, bank_ref: true, amount: true, vigency: true } });
      return { aspirant: { ...aspirant, ...to }, body: { id, status: to.status, sale_id: saleId, reference: { id: reference.id, bank_ref: reference.bank_ref, amount: reference.amount.toFixed(2), vigency: isoDay(reference.vigency) } } };
    });
    const { reference } = answer.body;
    await notifyAspirant(answer.aspirant, 'payment', { bank_ref: reference.bank_ref, amount: formatMoney(reference.amount), vigency: formatDate(reference.vigency) });
    return answer.body;
  },
});

/**
 * POST {id}/reset_process/: back to pre-registration, before any money came in: the open charge
 * is cancelled with the reason (a charge with payments refuses the reset).
 */
export const resetProcess: ActionDefinition = defineAction(contracts.resetAspirantProcess, {
  needs: 'write',
  handler: async (ctx) => {
    const id = idOf(ctx);
    const { input } = ctx;
    const reason = input.reason || ctx.t('admissions.reset_reason');
    const aspirant = await prisma.$transaction(async (tx) => {
      const current = await lockAspirant(tx, id);
      const to = allowed(current, 'reset', ctx.t);
      const charge = await openCharge(tx, current);
      if (charge && charge.total_paid.greaterThan(0)) throw new ApiError(409, msg('admissions.reset_paid'));
      // Cancelled by the sale's owner, with the reason: its references closed with it.
      if (charge) await cancelSale(tx, ctx.actor, charge.id, reason);
      await recordHistoryMany(tx, [await moveTo(tx, ctx.actor, current, to, { sale_id: null }, reason)]);
      return { ...current, ...to };
    });
    await notifyAspirant(aspirant, 'reset');
    return { id, status: aspirant.status, is_active: aspirant.is_active };
  },
});

// ---------------------------------------------------------------------------------------------
// Conversion into a student.

/** The applicant's period: theirs, or, for one who signed up without a period, their campus's active one. */
async function periodOf(tx: Tx, aspirant: Aspirant): Promise<number | null> {
  if (aspirant.cicle_id) return aspirant.cicle_id;
  const active = await tx.cicle.findFirst({ where: { campus_id: aspirant.campus_id ?? -1, is_active: true, status: true }, orderBy: { start: 'desc' }, select: { id: true } });
  return active?.id ?? null;
}

/** The first group of the applicant's career and shift in their period: the one with the most room. */
async function firstGroup(tx: Tx, aspirant: Aspirant, requested: number | undefined) {
  const cicleId = (await periodOf(tx, aspirant)) ?? -1;
  const groups = await tx.group.findMany({
    where: { ...(requested ? { id: requested } : { grade: 1, career_id: aspirant.career_id, shift_id: aspirant.shift_id }), cicle_id: cicleId, status: true },
    select: { id: true, code: true, capacity: true, cicle_id: true, _count: { select: { student_groups: { where: { status: true, subject_id: null } } } } },
  });
  const roomy = groups.filter((group) => group.capacity <= 0 || group._count.student_groups < group.capacity).sort((a, b) => a._count.student_groups - b._count.student_groups || a.id - b.id);
  return roomy[0] ?? null;
}

/** A new address with the same fields as the applicant's, for the student. */
async function copyAddress(tx: Tx, actor: Actor, addressId: number): Promise<{ id: number; history: HistoryEntry } | null> {
  const source = await tx.address.findUnique({ where: { id: addressId }, select: { street: true, no_external: true, no_internal: true, colony: true, cp: true, city_id: true, state_id: true, telephone: true, telephone_code: true, cellphone: true, cellphone_code: true, notes: true } });
  if (!source) return null;
  const copy = await tx.address.create({ data: { ...source, source: 'student' }, select: { id: true } });
  const changes = Object.entries(source)
    .filter(([, value]) => value !== null)
    .map(([field, value]) => ({ field, old: null, new: value }));
  return { id: copy.id, history: { table: 'addresses', recordId: copy.id, type: '+', actor, changes } };
}

/**
 * POST {id}/convert_to_student/ {group_id?}: only from PAY, once. The student gets the next control
 * number, the applicant's personal data, address, contact (as family) and documents, the first
 * group of their career and shift, and the portal account (the applicant's own, renamed to the
 * control number, with the password they chose as an applicant). The admission charge becomes
 * the student's.
 */
export const convertToStudent: ActionDefinition = defineAction(contracts.convertAspirantToStudent, {
  needs: 'write',
  handler: async (ctx) => {
    const id = idOf(ctx);
    const { actor, t, input } = ctx;
    const result = await prisma.$transaction(
      async (tx) => {
        const aspirant = await lockAspirant(tx, id);
        const to = allowed(aspirant, 'convert', t);
        if (aspirant.student_id) throw new ApiError(409, msg('admissions.already_student'));
        if (!aspirant.shift_id) throw badRequest({ shift_id: [msg('admissions.shift_required')] });
        const group = await firstGroup(tx, aspirant, input.group_id);
        if (!group) throw new ApiError(409, msg('admissions.no_group'));
        const full = await tx.aspirant.findUniqueOrThrow({ where: { id }, select: { curp: true, genre: true, birthday: true, telephone: true, telephone_code: true, email: true, civil_state_id: true, nation_id: true, place_birth_id: true, occupation_id: true, school_origin_id: true, address_id: true, age: true, live_with_parents: true, is_reentry: true, is_foreign: true, is_irregular: true, contact_name: true, contact_telephone: true, contact_type_id: true } });
        const status = await tx.catalog.findFirst({ where: STUDENT_STATUS_REGULAR, select: { id: true } });
        // The address typed in the pre-form is copied to the student, not shared: the student's later
        // moves change theirs, and the application stays as it was converted.
        const address = full.address_id ? await copyAddress(tx, actor, full.address_id) : null;
        const student = await admitStudent(tx, actor, {
          aspirant_id: aspirant.id,
          group_id: group.id,
          data: {
            names: aspirant.names,
            first_name: aspirant.first_name,
            second_name: aspirant.second_name,
            genre: full.genre,
            curp: full.curp,
            birthday: full.birthday,
            email: full.email,
            telephone: full.telephone,
            telephone_code: full.telephone_code,
            civil_state_id: full.civil_state_id,
            nation_id: full.nation_id,
            place_birth_id: full.place_birth_id,
            occupation_id: full.occupation_id,
            academic_origin_id: full.school_origin_id,
            address_id: address?.id ?? null,
            age: full.age,
            live_with_parents: full.live_with_parents,
            reentry: full.is_reentry,
            is_foreign: full.is_foreign,
            is_regular: !full.is_irregular,
            career_id: aspirant.career_id,
            cicle_start_id: group.cicle_id,
            cicle_id: group.cicle_id,
            status_id: status?.id ?? null,
          },
        });
        const { no_control } = student;
        const history: HistoryEntry[] = [...(address ? [address.history] : []), ...student.history];

        // The applicant's contact person becomes the student's family.
        if (full.contact_name?.trim()) {
          const name = splitFullName(full.contact_name);
          const family = await tx.family.create({ data: { names: name.names, first_name: name.first_name, second_name: name.second_name }, select: { id: true } });
          const link = await tx.studentFamily.create({ data: { student_id: student.id, family_id: family.id, parent_type_id: full.contact_type_id, notes: full.contact_telephone ? t('admissions.contact_phone', { phone: full.contact_telephone }) : null }, select: { id: true } });
          history.push({ table: 'families', recordId: family.id, type: '+', actor, changes: [{ field: 'names', old: null, new: full.contact_name }] });
          history.push({ table: 'student_families', recordId: link.id, type: '+', actor, changes: [{ field: 'student_id', old: null, new: student.id }, { field: 'family_id', old: null, new: family.id }] });
        }
        // Documents and charges made as an applicant are the student's now.
        const documents = await tx.studentDocument.updateMany({ where: { aspirant_id: aspirant.id, student_id: null }, data: { student_id: student.id } });
        const sales = { count: await transferApplicantCharges(tx, actor, aspirant.id, student.id) };

        // The portal account: the applicant's own, now named by the control number, as a student.
        const role = await tx.role.findFirst({ where: { short: 'student' }, select: { id: true } });
        const applicantRole = await tx.role.findFirst({ where: { short: 'remote_aspirant' }, select: { id: true } });
        let userId = aspirant.user_id;
        if (userId) {
          await tx.user.update({ where: { id: userId }, data: { username: no_control, first_name: aspirant.names, last_name: [aspirant.first_name, aspirant.second_name].filter(Boolean).join(' '), current_group_id: group.id, ...(aspirant.web_pass ? { password: aspirant.web_pass } : {}) } });
          if (applicantRole) await tx.userRole.deleteMany({ where: { user_id: userId, role_id: applicantRole.id } });
        } else {
          const user = await tx.user.create({ data: { username: no_control, first_name: aspirant.names, last_name: [aspirant.first_name, aspirant.second_name].filter(Boolean).join(' '), email: aspirant.email ?? '', password: aspirant.web_pass ?? '!', current_group_id: group.id }, select: { id: true } });
          userId = user.id;
        }
        if (role) await tx.userRole.upsert({ where: { user_id_role_id: { user_id: userId, role_id: role.id } }, create: { user_id: userId, role_id: role.id }, update: {} });
        await linkStudentAccount(tx, student.id, userId);
        history.push({ table: 'users', recordId: userId, type: '~', actor, changes: [{ field: 'username', old: aspirant.web_code, new: no_control }] });
        // The applicant is of the period they entered from now on (the period's inscriptions list them).
        history.push(await moveTo(tx, actor, aspirant, to, { student_id: student.id, user_id: null, ...(aspirant.cicle_id ? {} : { cicle_id: group.cicle_id }) }));
        await recordHistoryMany(tx, history);
        return { userId, aspirant: { ...aspirant, ...to }, body: { id, status: to.status, student_id: student.id, no_control, group: { id: group.id, code: group.code }, documents: documents.count, sales: sales.count } };
      },
      { timeout: 30_000 },
    );
    // The applicant's sessions end: their account is the student's now, named by the control
    // number; signing in again at /aspirants tells them so.
    if (result.userId) await revokeUserSessions(result.userId);
    await notifyAspirant(result.aspirant, 'converted', { no_control: result.body.no_control, group: result.body.group.code });
    return result.body;
  },
});

export const aspirantActions: ActionDefinition[] = [reviewAspirant, generatePayment, resetProcess, deleteAspirant, reactivateAspirant, convertToStudent];
