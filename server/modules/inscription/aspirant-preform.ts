// The applicant's pre-form, step by step (inscription/api/aspirants/{id}/preform/, save_step/,
// submit_preform/). Each step saves only its own fields with its own schema
// (lib/admissions/preform.ts): the applicant never needs a later step to keep an earlier one. What a
// finished application must hold is asked once, when they hand it in. The address step keeps the
// applicant's address (the Address row they point to), which the conversion copies to the student.
// The applicant reaches only their own application, and changes it only until staff review it;
// staff change it as the applicant's state table allows.
import { PREFORM_STEPS, type PreformStep, STEP_FIELDS, type StepInput, missingByStep } from '@/lib/admissions/preform';
import type { AnswerOf } from '@/lib/contracts/contract';
import * as contracts from '@/lib/contracts/inscription';
import type { Actor } from '@/server/auth/actor';
import { type Prisma, prisma } from '@/server/db/client';
import { type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import type { ActionContext } from '@/server/engine/context';
import { authorize, parseId } from '@/server/engine/engine';
import { lockedFields, lockedField, sameValue } from '@/server/engine/states';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import { type FieldErrors, badRequest, conflict, msg, notFound } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';
import { aspirantStates } from './aspirant-lifecycle';

type Tx = Prisma.TransactionClient;
type Preform = AnswerOf<typeof contracts.aspirantPreform>;

const addressColumns = { street: true, no_external: true, no_internal: true, colony: true, state_id: true, city_id: true, cp: true } as const;
const preformRow = {
  id: true,
  status: true,
  is_active: true,
  pending: true,
  names: true,
  first_name: true,
  second_name: true,
  curp: true,
  birthday: true,
  genre: true,
  is_foreign: true,
  email: true,
  cellphone: true,
  telephone: true,
  contact_name: true,
  contact_telephone: true,
  campus_id: true,
  cicle_id: true,
  career_id: true,
  shift_id: true,
  how_find_id: true,
  school_origin_id: true,
  notes_prev: true,
  address_id: true,
  address: { select: addressColumns },
  student: { select: { no_control: true } },
} as const satisfies Prisma.AspirantSelect;
type PreformRow = Prisma.AspirantGetPayload<{ select: typeof preformRow }>;

/** The application the caller may reach: an applicant only their own (another's is a 404, as the
 * row scope answers elsewhere); staff need the right to change applicants to change it. */
function reach(ctx: ActionContext, definition: () => ResourceDefinition, change: boolean): number {
  const id = parseId(ctx.params.id);
  if (ctx.actor.kind === 'aspirant') {
    if (ctx.actor.aspirant_id !== id) throw notFound();
  } else if (change) authorize(ctx.actor, definition(), 'write', 'change');
  return id;
}

async function readPreform(tx: Tx | typeof prisma, id: number): Promise<PreformRow> {
  const row = await tx.aspirant.findUnique({ where: { id }, select: preformRow });
  if (!row) throw notFound();
  return row;
}

/** The values the pre-form shows and checks, flat (the address's fields among the applicant's). */
function flatValues(row: PreformRow): Record<string, string | number | boolean | null> {
  const { address, student: _student, birthday, ...own } = row;
  return { ...own, birthday: birthday ? birthday.toISOString().slice(0, 10) : null, street: null, no_external: null, no_internal: null, colony: null, state_id: null, city_id: null, cp: null, ...(address ?? {}) };
}

function answer(row: PreformRow, actor: Actor): Preform {
  const values = flatValues(row);
  const text = (field: string) => (values[field] === null || values[field] === undefined ? null : String(values[field]));
  const choice = (field: string) => (typeof values[field] === 'number' ? (values[field] as number) : null);
  const applicantMayEdit = row.status === 'PRE' && row.is_active;
  return {
    id: row.id,
    status: row.status,
    is_active: row.is_active,
    editable: actor.kind === 'aspirant' ? applicantMayEdit : row.is_active && row.status !== 'INS',
    submitted: !row.pending && Object.keys(missingByStep(values)).length === 0,
    no_control: row.student?.no_control ?? null,
    values: {
      person: { names: row.names, first_name: row.first_name, second_name: row.second_name, curp: row.curp, birthday: text('birthday'), genre: row.genre, is_foreign: row.is_foreign },
      contact: { email: row.email, cellphone: row.cellphone, telephone: row.telephone, contact_name: row.contact_name, contact_telephone: row.contact_telephone },
      application: { campus_id: row.campus_id, cicle_id: row.cicle_id, career_id: row.career_id, shift_id: row.shift_id, how_find_id: row.how_find_id },
      address: { street: text('street'), no_external: text('no_external'), no_internal: text('no_internal'), colony: text('colony'), state_id: choice('state_id'), city_id: choice('city_id'), cp: text('cp') },
      origin: { school_origin_id: row.school_origin_id, notes_prev: row.notes_prev },
    },
    missing: missingByStep(values),
  };
}

/** May this step change now? The applicant until staff review the application; staff as the state
 * table says (nothing once converted or off the board; not the period, campus or career once charged). */
async function checkEditable(tx: Tx, actor: Actor, row: PreformRow, fields: readonly string[], t: Translate): Promise<void> {
  if (actor.kind === 'aspirant' && (row.status !== 'PRE' || !row.is_active)) throw conflict('admissions.locked_after_review');
  const state = await aspirantStates.stateOf(tx, row);
  const [field] = lockedFields(aspirantStates, state, [...fields]);
  if (field) throw lockedField(aspirantStates, state, field, t);
}

/** The catalogue entries a step names exist (and the career is one of the applicant's campus, the
 * municipality one of the chosen state): else the field's 400, never a foreign-key 500. */
async function checkChoices(tx: Tx, row: PreformRow, input: StepInput): Promise<void> {
  const errors: FieldErrors = {};
  const unknown = (field: string) => (errors[field] = [msg('errors.unknown_reference')]);
  if (input.step === 'application') {
    const [career, shift, howFind] = await Promise.all([
      tx.career.findFirst({ where: { id: input.career_id, status: true, ...(row.campus_id ? { campus_id: row.campus_id } : {}) }, select: { id: true } }),
      tx.shift.findUnique({ where: { id: input.shift_id }, select: { id: true } }),
      input.how_find_id ? tx.catalog.findFirst({ where: { id: input.how_find_id, clas_id: 7 }, select: { id: true } }) : Promise.resolve({ id: 0 }),
    ]);
    if (!career) unknown('career_id');
    if (!shift) unknown('shift_id');
    if (!howFind) unknown('how_find_id');
  }
  if (input.step === 'address') {
    const [state, city] = await Promise.all([
      input.state_id ? tx.state.findUnique({ where: { id: input.state_id }, select: { id: true } }) : Promise.resolve({ id: 0 }),
      input.city_id ? tx.city.findUnique({ where: { id: input.city_id }, select: { state_id: true } }) : Promise.resolve(null),
    ]);
    if (!state) unknown('state_id');
    if (input.city_id && (!city || (input.state_id && city.state_id !== input.state_id))) errors.city_id = [msg(city ? 'admissions.city_not_in_state' : 'errors.unknown_reference')];
  }
  if (input.step === 'origin' && input.school_origin_id) {
    if (!(await tx.schoolOrigin.findUnique({ where: { id: input.school_origin_id }, select: { id: true } }))) unknown('school_origin_id');
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** The changes of a write, for its history row (only what really changed). */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.entries(after)
    .filter(([field, value]) => !sameValue(before[field] ?? null, value ?? null))
    .map(([field, value]) => ({ field, old: before[field] ?? null, new: value ?? null }));
}

/** Writes one step: the applicant's own columns, or their address (created on its first save). */
async function writeStep(tx: Tx, actor: Actor, row: PreformRow, input: StepInput): Promise<HistoryEntry[]> {
  if (input.step === 'address') {
    const { step: _step, ...fields } = input;
    if (row.address_id) {
      await tx.address.update({ where: { id: row.address_id }, data: fields });
      return [{ table: 'addresses', recordId: row.address_id, type: '~', actor, changes: changesOf(row.address ?? {}, fields) }];
    }
    const address = await tx.address.create({ data: { ...fields, source: 'aspirant', parent_id: row.id }, select: { id: true } });
    await tx.aspirant.update({ where: { id: row.id }, data: { address_id: address.id } });
    return [
      { table: 'addresses', recordId: address.id, type: '+', actor, changes: changesOf({}, fields) },
      { table: 'aspirants', recordId: row.id, type: '~', actor, changes: [{ field: 'address_id', old: null, new: address.id }] },
    ];
  }
  const { step: _step, ...fields } = input;
  // A day is stored as that day's midnight in UTC (a Date column).
  const data: Prisma.AspirantUncheckedUpdateInput = input.step === 'person' ? { ...fields, birthday: input.birthday ? new Date(`${input.birthday}T00:00:00Z`) : null } : fields;
  await tx.aspirant.update({ where: { id: row.id }, data });
  return [{ table: 'aspirants', recordId: row.id, type: '~', actor, changes: changesOf(flatValues(row), fields) }];
}

export function preformActions(definition: () => ResourceDefinition): ActionDefinition[] {
  // GET {id}/preform/ – the pre-form as saved, with what each step still lacks.
  const show = defineAction(contracts.aspirantPreform, {
    needs: 'read',
    handler: async (ctx) => answer(await readPreform(prisma, reach(ctx, definition, false)), ctx.actor),
  });

  // POST {id}/save_step/ – one step, validated with that step's schema alone.
  const save = defineAction(contracts.saveAspirantStep, {
    // Read is what lets an applicant in; reach() asks staff for the right to change applicants.
    needs: 'read',
    changesData: true,
    handler: async (ctx) => {
      const id = reach(ctx, definition, true);
      const { input, actor, t } = ctx;
      return prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM aspirants WHERE id = ${id} FOR UPDATE`;
        const row = await readPreform(tx, id);
        const fields = input.step === 'address' ? ['address_id'] : STEP_FIELDS[input.step].filter((field) => field in input);
        await checkEditable(tx, actor, row, fields, t);
        await checkChoices(tx, row, input);
        await recordHistoryMany(tx, await writeStep(tx, actor, row, input));
        return answer(await readPreform(tx, id), actor);
      });
    },
  });

  // POST {id}/submit_preform/ – hands the whole pre-form in: every step complete, or a 400 naming
  // each missing field (the form opens the first step that lacks one).
  const submit = defineAction(contracts.submitAspirantPreform, {
    needs: 'read',
    changesData: true,
    handler: async (ctx) => {
      const id = reach(ctx, definition, true);
      const { actor, t } = ctx;
      return prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM aspirants WHERE id = ${id} FOR UPDATE`;
        const row = await readPreform(tx, id);
        await checkEditable(tx, actor, row, ['pending'], t);
        const missing = missingByStep(flatValues(row));
        const errors: FieldErrors = {};
        for (const step of PREFORM_STEPS) for (const field of missing[step as PreformStep] ?? []) errors[field] = [msg('errors.required')];
        if (Object.keys(errors).length) throw badRequest(errors);
        if (row.pending) {
          await tx.aspirant.update({ where: { id }, data: { pending: false } });
          await recordHistoryMany(tx, [{ table: 'aspirants', recordId: id, type: '~', actor, changes: [{ field: 'pending', old: true, new: false }] }]);
        }
        return answer({ ...row, pending: false }, actor);
      });
    },
  });
  return [show, save, submit];
}
