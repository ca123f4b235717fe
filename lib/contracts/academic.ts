// Academic's actions (Académico): a plan's subject order, teachers' photos and weeks, the oath's
// facts, and the electronic titles' way from the oath through signing to SEP.
import { z } from 'zod';
import { id, integer, positiveId } from '@/lib/validation';
import { TITLE_STATUSES, TITLE_STEPS, type TitleStep } from '@/lib/titles/status';
import { PDF, XLSX, XML, ZIP, defineContract, fileAnswer } from './contract';
import { wireDate, wireId, wireInstant, wireRecord } from './wire';

const SUBJECTS = 'academic/api/subjects/';
const TEACHERS = 'academic/api/teachers/';
const SWEARS = 'academic/api/swear-careers/';
const TITLES = 'academic/api/electronic-titles/';

/**
 * A record id in the query, as text. The action reads it itself (server/validation idParam: a
 * positive integer the database holds, else "required" or "invalid"), so any text passes here.
 */
export const idText = z.string();

/**
 * A photo uploaded as a form (multipart): the image under `photo` (or `file`, or the column's name).
 * Which part holds it is the action's to find: with none it answers "a file is required" on `photo`.
 */
export const photoUpload = z.object({ photo: z.file().optional(), file: z.file().optional(), photo_path: z.file().optional() });

/** A week (export_schedule/) as a PDF (the default) or a spreadsheet. */
export const weekFormat = z.enum(['pdf', 'xlsx']).optional();

// ---------------------------------------------------------------------------------------------
// Subjects.

/** POST academic/api/subjects/update_order/ */
export const updateSubjectOrder = defineContract({
  method: 'POST',
  base: SUBJECTS,
  path: 'update_order/',
  summary: 'Sets the order of a study plan’s subjects (all of one plan, in one transaction) and answers the plan’s subjects in their new order.',
  input: z.object({ subjects: z.array(z.object({ id, order: integer(0, 999) })).min(1).max(500) }),
  output: z.array(z.object({ id: wireId, code: z.string(), grade: z.number().int(), order: z.number().int() })),
});

// ---------------------------------------------------------------------------------------------
// Teachers.

/** POST academic/api/teachers/{id}/upload_photo/ */
export const uploadTeacherPhoto = defineContract({
  method: 'POST',
  base: TEACHERS,
  path: '{id}/upload_photo/',
  summary: 'Replaces the teacher’s photo with the uploaded image (at most 5 MB); answers the teacher as show does.',
  multipart: true,
  input: photoUpload,
  output: wireRecord,
  errors: [413],
});

/** GET academic/api/teachers/export_schedule/ */
export const teacherWeek = defineContract({
  method: 'GET',
  base: TEACHERS,
  path: 'export_schedule/',
  summary: 'A teacher’s week in a period as a PDF or a spreadsheet (a teacher gets their own, whatever `teacher_id` says).',
  query: z.object({ teacher_id: idText.optional(), cicle_id: idText, format: weekFormat }),
  output: fileAnswer(PDF, XLSX),
});

// ---------------------------------------------------------------------------------------------
// Oath-taking.

/** GET academic/api/swear-careers/check/ */
export const swearCheck = defineContract({
  method: 'GET',
  base: SWEARS,
  path: 'check/',
  summary: 'A candidate’s facts for the oath from their kardex and file (average, credits, owed subjects, missing documents) and whether they may swear.',
  query: z.object({ student_id: idText }),
  output: z.object({
    student_id: wireId,
    score: z.string().nullable(),
    credits: z.string(),
    career_id: wireId.nullable(),
    cicle_id: wireId.nullable(),
    pending_subjects: z.array(z.string()),
    pending_documents: z.array(z.string()),
    may_swear: z.boolean(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Electronic titles.

const titleStatus = z.enum(TITLE_STATUSES);
const titleStep = z.enum(Object.keys(TITLE_STEPS) as [TitleStep, ...TitleStep[]]);

/** Two to ten signers, each once, in the order they sign. */
const responsableIds = z
  .array(positiveId, { message: 'titles.errors.signers' })
  .min(2, { message: 'titles.errors.signers' })
  .max(10, { message: 'titles.errors.signers' })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'titles.errors.signers_repeated' });

/** The reason of a cancellation at SEP or of a voided signature. */
const reasonInput = z.object({ reason: z.string({ message: 'errors.required' }).trim().min(1, { message: 'errors.required' }).max(500, { message: 'errors.max_length' }) });

/** A .cer or .key as Base64 (spaces and line breaks dropped). */
const base64Text = z
  .string({ message: 'errors.required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value.length > 0, { message: 'errors.required' })
  .refine((value) => value.length <= 20_000 && /^[A-Za-z0-9+/]*={0,2}$/.test(value), { message: 'errors.invalid' });

/** POST academic/api/electronic-titles/from_swear/ */
export const titleFromSwear = defineContract({
  method: 'POST',
  base: TITLES,
  path: 'from_swear/',
  summary: 'Creates the DRAFT title of a sworn student, filled from what the school knows (student, career, school, dates, prior studies); answers it as show does.',
  input: z.object({ swear_id: positiveId }),
  output: wireRecord,
  status: 201,
  errors: [409],
});

/** POST academic/api/electronic-titles/{id}/sign/ */
export const signTitle = defineContract({
  method: 'POST',
  base: TITLES,
  path: '{id}/sign/',
  summary: 'Signs a title with two or more responsables’ e.firma (one seal each, in the order given); the XML is checked against SEP’s schema and the title is SIGNED.',
  input: z.object({ responsable_ids: responsableIds }),
  output: z.object({ id: wireId, status: titleStatus, folio_control: z.string(), signers: z.array(z.object({ curp: z.string(), cert_no: z.string() })) }),
  errors: [409],
});

/** The batch of titles signed as a job (also the job's input). */
export const signBatchInput = z.object({
  ids: z.array(positiveId, { message: 'errors.required' }).min(1, { message: 'errors.required' }).max(5_000),
  responsable_ids: responsableIds,
});

/** POST academic/api/electronic-titles/sign_batch/ */
export const signTitleBatch = defineContract({
  method: 'POST',
  base: TITLES,
  path: 'sign_batch/',
  summary: 'Starts signing many titles with the same signers as a job (each title on its own; a refused one does not stop the rest); answers the job’s id.',
  input: signBatchInput,
  output: z.object({ job_id: wireId }),
  status: 202,
  errors: [409],
});

/** GET academic/api/electronic-titles/{id}/signing/ */
export const titleSigning = defineContract({
  method: 'GET',
  base: TITLES,
  path: '{id}/signing/',
  summary: 'What the title’s page shows around signing: what still stops it, who may sign and who signed, the next steps and the log.',
  output: z.object({
    id: wireId,
    status: titleStatus,
    folio_control: z.string(),
    batch_no: z.string().nullable(),
    steps: z.array(titleStep),
    has_xml: z.boolean(),
    problems: z.array(z.object({ field: z.string(), key: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() })),
    signed: z.array(z.object({ curp: z.string(), name: z.string(), cert_no: z.string() })),
    signers: z.array(
      z.object({
        id: wireId,
        name: z.string(),
        abr_title: z.string(),
        charge: z.string().nullable(),
        certificate: z.object({ number: z.string(), valid_from: wireDate, valid_to: wireDate }).nullable(),
        usable: z.boolean(),
      }),
    ),
    logs: z.array(z.object({ id: wireId, status: titleStatus, message: z.string().nullable(), item_no: z.string().nullable(), created_at: wireInstant, user: z.string().nullable() })),
  }),
});

/** GET academic/api/electronic-titles/export_xml/ */
export const titleXml = defineContract({
  method: 'GET',
  base: TITLES,
  path: 'export_xml/',
  summary: 'One title’s signed XML (409 while it has none).',
  query: z.object({ id: idText }),
  output: fileAnswer(XML),
  errors: [409],
});

/** GET academic/api/electronic-titles/download_zip/ */
export const titlesZip = defineContract({
  method: 'GET',
  base: TITLES,
  path: 'download_zip/',
  summary: 'The signed XMLs of the titles named in `ids` (comma-separated), or of those the list’s filters find, as one zip (409 when none has one).',
  // Without `ids`, any of the titles list's filters (status, career_id...) and its search.
  query: z.looseObject({ ids: z.string().optional(), search: z.string().optional() }),
  output: fileAnswer(ZIP),
  errors: [409],
});

/** POST academic/api/electronic-titles/{id}/post_to_sep/ */
export const postTitleToSep = defineContract({
  method: 'POST',
  base: TITLES,
  path: '{id}/post_to_sep/',
  summary: 'Uploads a signed title to SEP; the title is SENT and keeps SEP’s batch number (502 with SEP’s words when it refuses or cannot be reached).',
  output: z.object({ id: wireId, status: z.literal('SENT'), batch_no: z.string(), message: z.string() }),
  errors: [409, 502],
});

/** POST academic/api/electronic-titles/{id}/sep_status/ */
export const titleSepStatus = defineContract({
  method: 'POST',
  base: TITLES,
  path: '{id}/sep_status/',
  summary: 'Asks SEP how a sent title’s batch stands; once processed the title is ACCEPTED or REJECTED with SEP’s message.',
  output: z.object({ id: wireId, status: titleStatus, batch_no: z.string().nullable(), message: z.string() }),
  errors: [409, 502],
});

/** POST academic/api/electronic-titles/{id}/cancel_at_sep/ */
export const cancelTitleAtSep = defineContract({
  method: 'POST',
  base: TITLES,
  path: '{id}/cancel_at_sep/',
  summary: 'Cancels an accepted title at SEP with the reason typed; the title is CANCELLED and inactive.',
  input: reasonInput,
  output: z.object({ id: wireId, status: titleStatus, message: z.string() }),
  errors: [409, 502],
});

/** POST academic/api/electronic-titles/{id}/void_signature/ */
export const voidTitleSignature = defineContract({
  method: 'POST',
  base: TITLES,
  path: '{id}/void_signature/',
  summary: 'Takes a signed title not yet sent back to DRAFT with the reason typed: its seals are dropped so its data can be corrected and signed again.',
  input: reasonInput,
  output: z.object({ id: wireId, status: titleStatus }),
  errors: [409],
});

/** POST academic/api/electronic-titles/update_title_certs/ */
export const updateTitleCerts = defineContract({
  method: 'POST',
  base: TITLES,
  path: 'update_title_certs/',
  summary: 'Stores a signer’s renewed e.firma (certificate and key as Base64, the key’s password) once it opens, is valid now and names that signer.',
  input: z.object({
    responsable_id: positiveId,
    certificate: base64Text,
    key: base64Text,
    key_password: z.string({ message: 'errors.required' }).min(1, { message: 'errors.required' }).max(200),
  }),
  output: z.object({ id: wireId, cert_no: z.string(), valid_to: wireDate }),
});
