// Students' actions (Control Escolar): the student's own calls (photo, week, capture sheet, a
// period's groups, photos as a zip, an original lent back), a person's file of documents, a
// withdrawal ended, and the enrolment in a group.
import { z } from 'zod';
import { fieldSchema } from '@/lib/field-schema';
import { calendarDay } from '@/lib/validation';
import { PDF, XLSX, ZIP, defineContract, emptyAnswer, fileAnswer } from './contract';
import { idText, photoUpload, weekFormat } from './academic';
import { wireDate, wireId, wireRecord } from './wire';

const STUDENTS = 'students/api/students/';
const DOCUMENTS = 'students/api/student-documents/';
const TERMINATIONS = 'students/api/terminations/';
const STUDENT_GROUPS = 'scheduler/api/student-groups/';

// ---------------------------------------------------------------------------------------------
// Shapes.

const reviewStatus = z.enum(['PENDING', 'ACCEPTED', 'REJECTED']);

/** A handed-in document as the file's actions answer it (dates as YYYY-MM-DD), and whether its original is overdue. */
export const wireDocument = z.object({
  id: wireId,
  doc_type_id: wireId,
  document: z.string().nullable(),
  review_status: reviewStatus,
  review_notes: z.string().nullable(),
  archived: z.boolean(),
  lent_at: wireDate.nullable(),
  date_limit: wireDate.nullable(),
  status: z.boolean(),
  student_id: wireId.nullable(),
  aspirant_id: wireId.nullable(),
  overdue: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// students/api/students/.

/** POST students/api/students/{id}/upload_photo/ */
export const uploadStudentPhoto = defineContract({
  method: 'POST',
  base: STUDENTS,
  path: '{id}/upload_photo/',
  summary: 'Replaces the student’s photo with the uploaded image (at most 5 MB); answers the student as show does.',
  multipart: true,
  input: photoUpload,
  output: wireRecord,
  errors: [413],
});

// GET students/api/students/get_for_capture/ is the scores module's capture sheet: its contract is
// lib/contracts/scores.ts `captureSheet`.

/** GET students/api/students/get_groups_by_grade/ */
export const groupsByGrade = defineContract({
  method: 'GET',
  base: STUDENTS,
  path: 'get_groups_by_grade/',
  summary: 'A period’s groups by grade (of one career when `career_id` is given), each with its career, shift, how many students it holds and its capacity.',
  query: z.object({ cicle_id: idText, career_id: idText.optional() }),
  output: z.array(
    z.object({
      grade: z.number().int(),
      groups: z.array(
        z.object({
          id: wireId,
          code: z.string(),
          grade: z.number().int(),
          group: z.string(),
          shift: z.string().nullable(),
          career_id: wireId.nullable(),
          career: z.string().nullable(),
          students: z.number().int(),
          capacity: z.number().int(),
        }),
      ),
    }),
  ),
});

/** GET students/api/students/export_schedule/ */
export const studentWeek = defineContract({
  method: 'GET',
  base: STUDENTS,
  path: 'export_schedule/',
  summary: 'A student’s week as a PDF or a spreadsheet (a student gets their own, whatever `student_id` says).',
  query: z.object({ student_id: idText.optional(), format: weekFormat }),
  output: fileAnswer(PDF, XLSX),
});

/** GET students/api/students/download_photos/ */
export const studentPhotos = defineContract({
  method: 'GET',
  base: STUDENTS,
  path: 'download_photos/',
  summary: 'The photos of a group’s students (`group_id`), or of a career’s active students (`career_id`, optionally of one period), as a zip named by control number.',
  // One of group_id and career_id; the action says which is missing.
  query: z.object({ group_id: idText.optional(), career_id: idText.optional(), cicle_id: idText.optional() }),
  output: fileAnswer(ZIP),
});

/** POST students/api/students/lend_document/ */
export const lendStudentDocument = defineContract({
  method: 'POST',
  base: STUDENTS,
  path: 'lend_document/',
  summary: 'Lends the original of a student’s document back to its owner until `date_limit` (as the file’s lend_original/ does).',
  // The document's id, under any of these names; one the caller may not find answers 404.
  input: z.object({
    document_id: z.union([z.number(), z.string()]).optional(),
    id_document: z.union([z.number(), z.string()]).optional(),
    id: z.union([z.number(), z.string()]).optional(),
    date_limit: calendarDay.nullish(),
    notes: z.string().max(500).nullish(),
  }),
  output: wireDocument,
  errors: [409],
});

/** DELETE students/api/students/{id}/ */
export const refuseStudentDelete = defineContract({
  method: 'DELETE',
  base: STUDENTS,
  path: '{id}/',
  summary: 'Never deletes a student (she carries academic history): always refused with 409, saying to withdraw her (baja) instead.',
  output: emptyAnswer,
  errors: [409],
});

// ---------------------------------------------------------------------------------------------
// students/api/student-documents/.

/** GET students/api/student-documents/checklist/ */
export const documentChecklist = defineContract({
  method: 'GET',
  base: DOCUMENTS,
  path: 'checklist/',
  summary: 'A student’s (`student_id`) or applicant’s (`aspirant_id`) file: each document type that applies, its state and documents, and how many are pending or to review.',
  // One of the two; the action says the student's is missing when neither is given.
  query: z.object({ student_id: idText.optional(), aspirant_id: idText.optional() }),
  output: z.object({
    pending: z.number().int(),
    to_review: z.number().int(),
    items: z.array(
      z.object({
        doc_type: z.object({ id: wireId, name: z.string(), mandatory: z.boolean(), is_foreign: z.enum(['M', 'F', 'B']) }),
        state: z.enum(['MISSING', 'PENDING', 'ACCEPTED', 'REJECTED']),
        pending: z.boolean(),
        documents: z.array(wireDocument),
      }),
    ),
  }),
});

/** POST students/api/student-documents/{id}/review_document/ */
export const reviewDocument = defineContract({
  method: 'POST',
  base: DOCUMENTS,
  path: '{id}/review_document/',
  summary: 'Accepts a handed-in document, or rejects it with what to hand in again (the person is told by e-mail).',
  input: z.object({
    // Required; the action answers a missing one as an invalid choice (errors.choice).
    review_status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED'], { message: 'errors.choice' }).optional(),
    review_notes: z.string().max(500, { message: 'errors.max_length' }).nullish(),
  }),
  output: wireDocument,
  errors: [409],
});

/** POST students/api/student-documents/{id}/lend_original/ */
export const lendOriginal = defineContract({
  method: 'POST',
  base: DOCUMENTS,
  path: '{id}/lend_original/',
  summary: 'Lends the original in the school’s file back to its owner until `date_limit` (today or later).',
  input: z.object({ date_limit: calendarDay.nullish(), notes: z.string().max(500).nullish() }),
  output: wireDocument,
  errors: [409],
});

/** POST students/api/student-documents/{id}/receive_original/ */
export const receiveOriginal = defineContract({
  method: 'POST',
  base: DOCUMENTS,
  path: '{id}/receive_original/',
  summary: 'Records the original as in the school’s file (handed over, or back from a loan).',
  output: wireDocument,
  errors: [409],
});

/** GET students/api/student-documents/lent/ */
export const lentOriginals = defineContract({
  method: 'GET',
  base: DOCUMENTS,
  path: 'lent/',
  summary: 'The originals lent back to their owners (at most 500), soonest due first; `overdue=true` for those past their date only.',
  query: z.object({ overdue: z.enum(['true', 'false']).optional() }),
  output: z.array(
    wireDocument.extend({
      doc_type: z.string(),
      student: z.object({ id: wireId, no_control: z.string(), names: z.string(), first_name: z.string(), second_name: z.string().nullable() }).nullable(),
      aspirant: z.object({ id: wireId, web_code: z.string(), names: z.string(), first_name: z.string(), second_name: z.string().nullable() }).nullable(),
      owner: z.object({ kind: z.enum(['student', 'aspirant']), id: wireId, name: z.string(), code: z.string() }).nullable(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// students/api/terminations/.

/** POST students/api/terminations/{id}/reinstate/ */
export const reinstate = defineContract({
  method: 'POST',
  base: TERMINATIONS,
  path: '{id}/reinstate/',
  summary: 'Ends a temporary withdrawal: the student is active again, back in the last group she left when its period still runs, and her tuition resumes.',
  output: z.object({ id: wireId, status: z.literal(false), group: z.object({ id: wireId, code: z.string() }).nullable() }),
  errors: [409],
});

// ---------------------------------------------------------------------------------------------
// scheduler/api/student-groups/.

/** A foreign key as any create takes it: a positive id, or its digits (lib/field-schema.ts). */
const foreignKey = (name: string) => fieldSchema({ name, kind: 'scalar', type: 'Int', optional: true, hasDefault: false });
const flag = (name: string) => fieldSchema({ name, kind: 'scalar', type: 'Boolean', optional: false, hasDefault: true });
/** A relation under its own name: its id, or the record ({id}). */
const relation = z.union([z.number(), z.string(), z.looseObject({ id: z.union([z.number(), z.string()]) })]).nullish();

/** POST scheduler/api/student-groups/ */
export const enrol = defineContract({
  method: 'POST',
  base: STUDENT_GROUPS,
  path: '',
  summary: 'Enrols a student in a group (or in one subject of it): her previous group of the period is closed and the group’s capacity checked; answers the enrolment as show does.',
  // student_id and group_id are required; the action checks the body with the resource's create
  // schema (a relation may come under its name: `student`, `group`, `subject`), as any create does.
  input: z.object({
    student_id: foreignKey('student_id'),
    group_id: foreignKey('group_id'),
    subject_id: foreignKey('subject_id'),
    student: relation,
    group: relation,
    subject: relation,
    is_boss: flag('is_boss'),
    // Only a current enrolment is made here (false is refused).
    is_current: flag('is_current'),
    status: flag('status'),
  }),
  output: wireRecord,
  status: 201,
  errors: [409],
});

/** GET students/api/students/next_control_number/ */
export const nextControlNumber = defineContract({
  method: 'GET',
  base: STUDENTS,
  path: 'next_control_number/',
  summary: 'The control number a new student saved without one would get now (shown on the form; reading it takes nothing from the sequence).',
  output: z.object({ no_control: z.string() }),
});

/** GET students/api/students/{id}/portal_access/ */
export const portalAccess = defineContract({
  method: 'GET',
  base: STUDENTS,
  path: '{id}/portal_access/',
  summary: 'The student’s portal account: its username, whether it is active and whether a first password has been given (printed or e-mailed) yet.',
  output: z.object({ username: z.string().nullable(), active: z.boolean(), password_given: z.boolean() }),
});

/** POST students/api/students/{id}/reset_portal_access/ */
export const resetPortalAccess = defineContract({
  method: 'POST',
  base: STUDENTS,
  path: '{id}/reset_portal_access/',
  summary: 'Gives the student a new random first password for the portal (creating her account, user = control number, when she has none; any earlier password stops working and her sessions end) and answers her welcome sheet as a PDF; the password is also e-mailed to her when she has an address and the school a mail server. The password is in this answer only.',
  output: fileAnswer(PDF),
  errors: [409],
});
