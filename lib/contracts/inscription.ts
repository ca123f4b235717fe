// Inscription's actions (Inscr./Reins.): an applicant's way through admissions (review, the
// admission charge, starting over, off the board and back, the conversion into a student), the
// admissions' figures and the period's inscriptions, and re-enrolment into the next period.
import { z } from 'zod';
import { ASPIRANT_STATUSES } from '@/lib/admissions/aspirant-states';
import { stepInput } from '@/lib/admissions/preform';
import { positiveId } from '@/lib/validation';
import { XLSX, defineContract, emptyAnswer, fileAnswer } from './contract';
import { wireDate, wireDecimal, wireId } from './wire';

const ASPIRANTS = 'inscription/api/aspirants/';
const REINSCRIPTIONS = 'inscription/api/reinscriptions/';

/** A record id in the query (`?cicle_id=12`): the handler checks it, with its own messages. */
const idQuery = z.string().optional();
const count = z.number().int();

// ---------------------------------------------------------------------------------------------
// An applicant's admission (inscription/api/aspirants/{id}/...).

const aspirantStatus = z.enum(ASPIRANT_STATUSES);
/** Why (kept in the history; a reset's reason goes to the cancelled charge) and a note for the record. */
const reasonInput = z.object({ reason: z.string().trim().max(500).optional(), notes: z.string().trim().max(2000).optional() }).passthrough();
/** Where the applicant stands after the move. */
const aspirantMoved = z.object({ id: wireId, status: aspirantStatus, is_active: z.boolean() });

/** POST inscription/api/aspirants/{id}/review_aspirant/ */
export const reviewAspirant = defineContract({
  method: 'POST',
  base: ASPIRANTS,
  path: '{id}/review_aspirant/',
  summary: 'Marks a pre-registered applicant as reviewed (sent to collections) and tells them by e-mail.',
  input: reasonInput,
  output: aspirantMoved,
  errors: [409],
});

/** POST inscription/api/aspirants/{id}/generate_payment/ */
export const generateAspirantPayment = defineContract({
  method: 'POST',
  base: ASPIRANTS,
  path: '{id}/generate_payment/',
  summary: 'The admission charge (the admission exam and the inscription concepts of the applicant’s price list) and its bank reference; asked again, the same open charge gets its reference again.',
  output: z.object({
    id: wireId,
    status: aspirantStatus,
    sale_id: wireId,
    reference: z.object({ id: wireId, bank_ref: z.string(), amount: wireDecimal, vigency: wireDate }),
  }),
  errors: [409],
});

/** POST inscription/api/aspirants/{id}/reset_process/ */
export const resetAspirantProcess = defineContract({
  method: 'POST',
  base: ASPIRANTS,
  path: '{id}/reset_process/',
  summary: 'Takes an applicant back to pre-registration before any money came in; their open charge is cancelled with the reason.',
  input: reasonInput,
  output: aspirantMoved,
  errors: [409],
});

/** POST inscription/api/aspirants/{id}/delete_aspirant/ */
export const deleteAspirant = defineContract({
  method: 'POST',
  base: ASPIRANTS,
  path: '{id}/delete_aspirant/',
  summary: 'Takes an applicant off the board (inactive, nothing erased) with the reason.',
  input: reasonInput,
  output: aspirantMoved,
  errors: [409],
});

/** DELETE inscription/api/aspirants/{id}/ */
export const deleteAspirantRecord = defineContract({
  method: 'DELETE',
  base: ASPIRANTS,
  path: '{id}/',
  summary: 'An applicant is never erased: the delete takes them off the board, as delete_aspirant does (409 for a converted or inactive one).',
  output: emptyAnswer,
  status: 204,
  errors: [409],
});

/** POST inscription/api/aspirants/{id}/reactivate_aspirant/ */
export const reactivateAspirant = defineContract({
  method: 'POST',
  base: ASPIRANTS,
  path: '{id}/reactivate_aspirant/',
  summary: 'Puts an applicant taken off the board back on it.',
  input: reasonInput,
  output: aspirantMoved,
  errors: [409],
});

/** POST inscription/api/aspirants/{id}/convert_to_student/ */
export const convertAspirantToStudent = defineContract({
  method: 'POST',
  base: ASPIRANTS,
  path: '{id}/convert_to_student/',
  summary: 'Makes a paid applicant a student, once: the next control number, their data, documents and charges, the first group of their career and shift (or `group_id`) and their portal account.',
  input: z.object({ group_id: positiveId.optional() }).passthrough(),
  output: z.object({
    id: wireId,
    status: aspirantStatus,
    student_id: wireId,
    no_control: z.string(),
    group: z.object({ id: wireId, code: z.string() }),
    /** How many of the applicant's documents and charges became the student's. */
    documents: count,
    sales: count,
  }),
  errors: [409],
});

// ---------------------------------------------------------------------------------------------
// The admissions of a period: figures and inscriptions.

const statsRow = z.object({ key: z.string(), label: z.string(), count });

/** GET inscription/api/aspirants/stats/ */
export const aspirantStats = defineContract({
  method: 'GET',
  base: ASPIRANTS,
  path: 'stats/',
  summary: 'The active applicants of a period counted by status, career, campus, how they found the school and school of origin (`format=xlsx`: the same as a workbook).',
  query: z.object({ cicle_id: idQuery, campus_id: idQuery, career_id: idQuery, format: z.string().optional() }),
  output: z.object({
    total: count,
    /** Applicants taken off the board, counted apart. */
    inactive: count,
    by_status: z.array(statsRow),
    by_career: z.array(statsRow),
    by_campus: z.array(statsRow),
    by_how_find: z.array(statsRow),
    by_school_origin: z.array(statsRow),
  }),
  /** With `format=xlsx`, the same figures as a workbook (server/http/answer-check.ts). */
  alsoFile: fileAnswer(XLSX),
});

const inscriptionRow = z.object({
  aspirant_id: wireId,
  student_id: wireId,
  no_control: z.string(),
  name: z.string(),
  career: z.string().nullable(),
  shift: z.string().nullable(),
  group: z.string().nullable(),
  /** The day the student record was created (`2026-08-06`). */
  inscribed_at: wireDate,
  /** Money of the period's charges (`4450.00`). */
  charged: wireDecimal,
  paid: wireDecimal,
  debt: wireDecimal,
  /** The mandatory documents still missing from their file, by name. */
  pending_documents: z.array(z.string()),
});

/** GET inscription/api/aspirants/inscriptions/ */
export const periodInscriptions = defineContract({
  method: 'GET',
  base: ASPIRANTS,
  path: 'inscriptions/',
  summary: 'The applicants of a period (`cicle_id`, required) who became students: their group, their first charges and debt, and the mandatory documents they still owe (`format=xlsx`: the same as a workbook).',
  query: z.object({ cicle_id: idQuery, campus_id: idQuery, career_id: idQuery, format: z.string().optional() }),
  output: z.object({ total: count, with_debt: count, with_pending_documents: count, rows: z.array(inscriptionRow) }),
  /** With `format=xlsx`, the same rows as a workbook (server/http/answer-check.ts). */
  alsoFile: fileAnswer(XLSX),
});

// ---------------------------------------------------------------------------------------------
// Re-enrolment into the next period (inscription/api/reinscriptions/).

/** POST inscription/api/reinscriptions/generate_reinscriptions/ (the job's input too). */
export const generateReinscriptions = defineContract({
  method: 'POST',
  base: REINSCRIPTIONS,
  path: 'generate_reinscriptions/',
  summary: 'Starts the job that makes, for every active student of a period who may go on, a reinscription to the target period with its charge; its result lists who may not and why.',
  input: z.object({ cicle_from_id: positiveId, cicle_to_id: positiveId, career_id: positiveId.optional() }),
  output: z.object({ job_id: wireId }),
  status: 202,
});

/** POST inscription/api/reinscriptions/cancel/ */
export const cancelReinscriptions = defineContract({
  method: 'POST',
  base: REINSCRIPTIONS,
  path: 'cancel/',
  summary: 'Cancels reinscriptions (`id` or `ids`) with the reason, their unpaid charges with them.',
  // One of id and ids, and a reason (or cancel_note), are required: the handler says so with its
  // own messages (errors.required on ids, errors.cancel_reason on reason).
  input: z.object({ id: positiveId.optional(), ids: z.array(positiveId).max(500).optional(), reason: z.string().trim().max(500).optional(), cancel_note: z.string().trim().max(500).optional() }),
  output: z.object({ cancelled: count }),
  errors: [409],
});

/** POST inscription/api/reinscriptions/update_cicle/ */
export const updateReinscriptionCicle = defineContract({
  method: 'POST',
  base: REINSCRIPTIONS,
  path: 'update_cicle/',
  summary: 'Moves pending reinscriptions, and their charges, to another target period.',
  input: z.object({ ids: z.array(positiveId).min(1).max(5000), cicle_to_id: positiveId }),
  output: z.object({ updated: count }),
  errors: [409],
});

/** What placing the re-enrolled students answers: the target groups, how many were opened, who moved. */
const placed = z.object({ groups: count, opened: count, moved: count });

/** POST inscription/api/reinscriptions/generate_groups/ */
export const generateReinscriptionGroups = defineContract({
  method: 'POST',
  base: REINSCRIPTIONS,
  path: 'generate_groups/',
  summary: 'Opens (or finds) the next grade’s groups in the target period and moves every re-enrolled student of it into theirs.',
  // cicle_to_id is required; the handler says so (errors.required).
  input: z.object({ cicle_to_id: positiveId.optional(), ids: z.array(positiveId).max(5000).optional() }),
  output: placed,
});

/** POST inscription/api/reinscriptions/generate_groups_by_selection/ */
export const generateReinscriptionGroupsBySelection = defineContract({
  method: 'POST',
  base: REINSCRIPTIONS,
  path: 'generate_groups_by_selection/',
  summary: 'Opens (or finds) the next grade’s groups and moves the chosen re-enrolled students (`ids`) into theirs.',
  // ids is required; the handler says so (errors.required).
  input: z.object({ cicle_to_id: positiveId.optional(), ids: z.array(positiveId).max(5000).optional() }),
  output: placed,
});

// ---------------------------------------------------------------------------------------------
// The applicant's pre-form, step by step (lib/admissions/preform.ts).

const text = z.string().nullable();
const choice = wireId.nullable();
/** The pre-form as saved: each step's values, what each step still lacks to hand it in, and
 * whether it may still change (an applicant edits it until staff review it). Once converted, the
 * student's control number (they sign in with it from then on). */
export const aspirantPreformAnswer = z.object({
  id: wireId,
  status: aspirantStatus,
  is_active: z.boolean(),
  editable: z.boolean(),
  /** Handed in: every step complete and submitted (the application no longer `pending`). */
  submitted: z.boolean(),
  no_control: z.string().nullable(),
  values: z.object({
    person: z.object({ names: z.string(), first_name: z.string(), second_name: text, curp: text, birthday: wireDate.nullable(), genre: text, is_foreign: z.boolean() }),
    contact: z.object({ email: text, cellphone: text, telephone: text, contact_name: text, contact_telephone: text }),
    application: z.object({ campus_id: choice, cicle_id: choice, career_id: choice, shift_id: choice, how_find_id: choice }),
    address: z.object({ street: text, no_external: text, no_internal: text, colony: text, state_id: choice, city_id: choice, cp: text }),
    origin: z.object({ school_origin_id: choice, notes_prev: text }),
  }),
  missing: z.object({ person: z.array(z.string()), contact: z.array(z.string()), application: z.array(z.string()), address: z.array(z.string()), origin: z.array(z.string()) }).partial(),
});

/** GET inscription/api/aspirants/{id}/preform/ */
export const aspirantPreform = defineContract({
  method: 'GET',
  base: ASPIRANTS,
  path: '{id}/preform/',
  summary: 'The applicant’s pre-form as saved, step by step, with what each step still lacks to hand it in (the applicant their own; staff any).',
  output: aspirantPreformAnswer,
});

/** POST inscription/api/aspirants/{id}/save_step/ */
export const saveAspirantStep = defineContract({
  method: 'POST',
  base: ASPIRANTS,
  path: '{id}/save_step/',
  summary: 'Saves one step of the pre-form (`step` and that step’s fields only; a later step is never needed to save an earlier one). The address step keeps the applicant’s address. 409 once the application may not change.',
  input: stepInput,
  output: aspirantPreformAnswer,
  errors: [409],
});

/** POST inscription/api/aspirants/{id}/submit_preform/ */
export const submitAspirantPreform = defineContract({
  method: 'POST',
  base: ASPIRANTS,
  path: '{id}/submit_preform/',
  summary: 'Hands the whole pre-form in: every step must be complete (400 naming each missing field); the application stops being pending.',
  output: aspirantPreformAnswer,
  errors: [409],
});
