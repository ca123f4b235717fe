// inscription/api/aspirants/: applicants (aspirantes), from the pre-registration portal until they
// become students. A remote aspirant sees only their own record. The admission step (`status`),
// the inscription charge, the student and the portal account are set by the aspirant actions
// (generate_payment, review, convert_to_student...), not by a plain save.
import { z } from 'zod';
import { integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import { curp, email, genre, orDefault, orNull, valueAfterWrite } from '@/server/modules/shared/fields';
import { conflict, fieldError } from '@/server/errors';
import type { ResourceDefinition } from '@/server/engine/types';
import { aspirantActions, deleteAspirantRecord } from './aspirant-actions';
import { aspirantStates } from './aspirant-lifecycle';
import { preformActions } from './aspirant-preform';
import { aspirantStatsAction } from './aspirant-stats';
import { inscriptionsAction } from './inscriptions';

/** Fields of an application only staff set (the applicant's pre-form leaves them as they are). */
const STAFF_ONLY = ['is_active', 'notes', 'pending', 'web_code', 'is_reentry', 'is_irregular', 'cicle_id'];

const phoneCode = z.string().trim().regex(/^\+\d{1,4}$/, { message: 'errors.invalid' });

const definition = modelResource({
  base: 'inscription/api/aspirants/',
  model: 'Aspirant',
  // Remote aspirants read their own record from the aspirant portal.
  access: { routes: ['permanence-aspirants'], permission: 'aspirants', ownReaders: ['aspirant'], ownEditors: ['aspirant'] },
  search: ['web_code', 'names', 'first_name', 'second_name', 'email', 'curp'],
  ordering: ['-created_at'],
  // The portal password hash never leaves the server.
  hidden: ['web_pass'],
  readOnlyFields: ['status', 'sale_id', 'student_id', 'user_id'],
  fields: {
    // The portal login: kept as typed (sign-in compares it exactly), no spaces or symbols.
    web_code: z.string().trim().min(1).max(20).regex(/^[0-9A-Za-z_.-]+$/, { message: 'errors.invalid' }),
    curp: orNull(curp),
    email: orNull(email),
    genre: orNull(genre),
    age: orNull(integer(0, 120)),
    telephone_code: orDefault(phoneCode),
    cellphone_code: orDefault(phoneCode),
    // Notes from the pre-form are cut to 200 characters (spec section 9), not refused.
    notes_prev: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value.slice(0, 200) : null)),
  },
  ownRows: { aspirant: (aspirantId) => ({ id: aspirantId }) },
  inputToData: (input, { existing, actor }) => {
    // An applicant changes their application only until staff review it.
    if (actor.kind === 'aspirant' && existing && existing.status !== 'PRE') throw conflict('admissions.locked_after_review');
    // What staff decide about an application is not the applicant's to set.
    if (actor.kind === 'aspirant') input = Object.fromEntries(Object.entries(input).filter(([field]) => !STAFF_ONLY.includes(field))) as typeof input;
    // Spec section 5: "Shift cannot be empty for an aspirant", wherever the desired career, campus
    // or shift is set.
    const touchesChoice = !existing || 'career_id' in input || 'campus_id' in input || 'shift_id' in input;
    if (touchesChoice && !valueAfterWrite(input, existing, 'shift_id')) throw fieldError('shift_id', 'admissions.shift_required');
    return input;
  },
  // Which fields a plain save may change in each admission step; the DELETE deactivates (aspirant-lifecycle.ts).
  states: aspirantStates,
  actions: [...aspirantActions, ...preformActions((): ResourceDefinition => aspirantsResource), deleteAspirantRecord((): ResourceDefinition => aspirantsResource), aspirantStatsAction, inscriptionsAction],
});

// `status` is the admission step (an enum) while every list sends `status=true|false` for the
// active flag (`is_active` here): the step is filtered as `admission_status=PRE` (the admissions
// board's counts link to it).
const { status: step, ...filters } = definition.filters;

export const aspirantsResource: ResourceDefinition = { ...definition, filters: { ...filters, admission_status: step }, filterColumns: { admission_status: 'status' } };
