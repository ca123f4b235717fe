// Academic's electronic certificates of studies (SEP's Dec): issued for one student or for a batch
// (a job), the sealed XML one by one or as a zip, and cancelled with a reason. Kept apart from
// academic.ts, whose titles' contracts they mirror.
import { z } from 'zod';
import { CERTIFICATE_TYPES } from '@/lib/certificates/fields';
import { CERTIFICATE_STATUSES } from '@/lib/certificates/status';
import { positiveId } from '@/lib/validation';
import { XML, ZIP, defineContract, fileAnswer } from './contract';
import { wireId, wireInstant } from './wire';

export const CERTIFICATES = 'academic/api/studies-certificates/';

const certificateType = z.enum(CERTIFICATE_TYPES, { message: 'errors.choice' });
const certificateStatus = z.enum(CERTIFICATE_STATUSES);

/** What an issued certificate answers: enough for the list and the download. */
export const issuedCertificate = z.object({
  id: wireId,
  folio_control: z.string(),
  type: certificateType,
  status: certificateStatus,
  student_id: wireId,
  subjects: z.number().int(),
  total: z.number().int(),
  average: z.string().nullable(),
  cert_no: z.string(),
  issued_at: wireInstant,
});

/** POST academic/api/studies-certificates/issue/ */
export const issueCertificate = defineContract({
  method: 'POST',
  base: CERTIFICATES,
  path: 'issue/',
  summary:
    'Issues a student’s certificate of studies sealed by the settings’ responsable: TOTAL when every subject of the plan is passed, PARCIAL otherwise (a TOTAL asked for with subjects owed is refused with 409 naming them; a missing SEP key, RVOE or e.firma with 400 on its field).',
  input: z.object({ student_id: positiveId, type: certificateType.optional() }),
  output: issuedCertificate,
  status: 201,
  errors: [409],
});

/** The students of a batch: named one by one, or a group's, or a career's (in a period). */
export const certificateBatchInput = z
  .object({
    student_ids: z.array(positiveId).max(2_000).optional(),
    group_id: positiveId.optional(),
    career_id: positiveId.optional(),
    cicle_id: positiveId.optional(),
    type: certificateType.optional(),
  })
  .refine((input) => Boolean(input.student_ids?.length || input.group_id || input.career_id), { message: 'certificates.errors.batch_who', path: ['student_ids'] });

/** What the batch job runs with: the students chosen when it was asked for. */
export const certificateJobInput = z.object({ student_ids: z.array(positiveId).min(1).max(2_000), type: certificateType.optional() });

/** POST academic/api/studies-certificates/issue_batch/ */
export const issueCertificateBatch = defineContract({
  method: 'POST',
  base: CERTIFICATES,
  path: 'issue_batch/',
  summary: 'Issues the certificates of many students (named, a group’s or a career’s in a period) as a job with progress; each student on their own, a refused one listed with why. Its certificates download as one zip (download_zip/?job_id=).',
  input: certificateBatchInput,
  output: z.object({ job_id: wireId, students: z.number().int() }),
  status: 202,
  errors: [409],
});

/** GET academic/api/studies-certificates/{id}/xml/ */
export const certificateXml = defineContract({
  method: 'GET',
  base: CERTIFICATES,
  path: '{id}/xml/',
  summary: 'The certificate’s sealed XML as issued.',
  output: fileAnswer(XML),
  errors: [409],
});

/** GET academic/api/studies-certificates/download_zip/ */
export const certificatesZip = defineContract({
  method: 'GET',
  base: CERTIFICATES,
  path: 'download_zip/',
  summary: 'The sealed XMLs of a batch’s certificates (`job_id`) or of those named in `ids` (comma-separated), streamed as one zip (409 when there is none).',
  query: z.object({ job_id: z.string().optional(), ids: z.string().optional() }),
  output: fileAnswer(ZIP),
  errors: [409],
});

/** POST academic/api/studies-certificates/{id}/cancel/ */
export const cancelCertificate = defineContract({
  method: 'POST',
  base: CERTIFICATES,
  path: '{id}/cancel/',
  summary: 'Cancels a signed certificate with the reason typed; its folio is never issued again (a corrected certificate gets a new one).',
  input: z.object({ reason: z.string({ message: 'errors.required' }).trim().min(1, { message: 'errors.required' }).max(500, { message: 'errors.max_length' }) }),
  output: z.object({ id: wireId, status: certificateStatus }),
  errors: [409],
});
