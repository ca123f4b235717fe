// The certificate of studies' own calls (academic/api/studies-certificates/...): issuing one for a
// student (read from the kardex, the plan's and settings' SEP keys; sealed by the settings'
// responsable with their e.firma; checked against the schema), a batch as a job, the sealed XML one
// by one or as a zip, and the cancellation with a reason. The rules are pure (lib/certificates);
// each write is one transaction with its history row. This module (academic) alone writes the table.
import { isoDay } from '@/lib/dates';
import { decCadena } from '@/lib/certificates/dec';
import { type CertificateProblem, type CertificateSource, type CertificateType, type PlanSubject, certificateTypeFor, decOf, missingForTotal } from '@/lib/certificates/fields';
import { type CertificateStatus, nextCertificateStatus } from '@/lib/certificates/status';
import { decXml } from '@/lib/certificates/xml';
import * as contracts from '@/lib/contracts/academic-certificates';
import type { ParsedInputOf } from '@/lib/contracts/contract';
import { XML } from '@/lib/contracts/contract';
import type { Actor } from '@/server/auth/actor';
import { today } from '@/server/clock';
import { type Prisma, getPool, prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import type { ActionContext, OperationContext } from '@/server/engine/context';
import { parseId, show } from '@/server/engine/engine';
import { FileResult, accepted, created } from '@/server/engine/results';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import { ApiError, type FieldErrors, badRequest, conflict, msg, notFound } from '@/server/errors';
import { sealCadena } from '@/server/esign/seal';
import { validateXml } from '@/server/esign/xsd';
import { streamedZip } from '@/server/files/zip';
import { defineJob } from '@/server/jobs/define';
import { startJob } from '@/server/jobs/queue';
import { openSignerEfirma } from './signer-credential';
import { STUDENT_PLAN_ID } from './student-plan';
import { refusalText } from '@/server/jobs/refusal';

type Tx = Prisma.TransactionClient;

/** The plan's subjects with the student's result: the score that counts and the period it was passed in
 * (SEP's ciclo of the subject). */
const PLAN_SUBJECTS = `
  WITH plan AS (SELECT ${STUDENT_PLAN_ID} AS id)
  SELECT sub.code, sub.description, sub.sep_subject_id, sub.sep_subject_type, sub.is_mandatory,
         trim_scale(sub.credit)::text AS credit, trim_scale(k.final_score)::text AS score, coalesce(k.approved, false) AS approved,
         c.year, c.cicle_in_year
    FROM plan
    JOIN subjects sub ON sub.study_plan_id = plan.id AND sub.status
    LEFT JOIN student_kardex k ON k.student_id = $1 AND k.subject_id = sub.id
    LEFT JOIN cicles c ON c.id = coalesce(
      CASE WHEN k.score = k.final_score THEN k.cicle_id WHEN k.extra_score = k.final_score THEN k.extra_cicle_id ELSE coalesce(k.ts_cicle_id, k.cicle_id) END,
      -- A subject credited outside a period (revalidation, equivalence) counts in the student's first one.
      CASE WHEN k.final_score IS NOT NULL THEN (SELECT s.cicle_start_id FROM students s WHERE s.id = $1) END)
   ORDER BY sub.grade, sub."order", sub.code`;

type SubjectRow = Omit<PlanSubject, 'cicle' | 'observation'> & { year: number | null; cicle_in_year: number | null };

const signerSelect = {
  id: true,
  names: true,
  first_name: true,
  second_name: true,
  curp: true,
  status: true,
  certificate: true,
  key: true,
  key_password: true,
  charge: { select: { code: true } },
} as const;

const settingSelect = {
  institution_code: true,
  sep_institution_key: true,
  sep_campus_key: true,
  sep_state_id: true,
  sep_signer_entity: true,
  sep_issue_place: true,
  min_cal: true,
  max_cal: true,
  min_approve: true,
  precision_cal: true,
  certificate_signer: { select: signerSelect },
} as const;

type Signer = Prisma.TitleResponsableGetPayload<{ select: typeof signerSelect }>;

/** Everything a student's certificate is made of, read before anything is written. */
async function sourceOf(studentId: number, type: CertificateType | undefined, issuedOn: string) {
  const [student, setting, plan, subjects] = await Promise.all([
    prisma.student.findUnique({
      where: { id: studentId },
      select: { id: true, no_control: true, curp: true, names: true, first_name: true, second_name: true, genre: true, birthday: true, career: { select: { id: true, cve: true, rvoe: true, rvoe_date: true } } },
    }),
    prisma.setting.findFirst({ orderBy: { id: 'asc' }, select: settingSelect }),
    getPool().query<{ id: number | null }>(`SELECT ${STUDENT_PLAN_ID} AS id`, [studentId]),
    getPool().query<SubjectRow>(PLAN_SUBJECTS, [studentId]),
  ]);
  if (!student) throw notFound();
  const planId = plan.rows[0]?.id ?? null;
  const studyPlan = planId ? await prisma.studyPlan.findUnique({ where: { id: planId }, select: { id: true, sep_plan_key: true, sep_period_type: true, sep_level_id: true } }) : null;
  const planSubjects: PlanSubject[] = subjects.rows.map(({ year, cicle_in_year, ...row }) => ({ ...row, cicle: year !== null && cicle_in_year !== null ? { year, cicle_in_year } : null, observation: null }));
  const signer = setting?.certificate_signer ?? null;
  const source: CertificateSource = {
    folio_control: 'PENDIENTE',
    type: type ?? certificateTypeFor(planSubjects),
    issued_on: issuedOn,
    settings: {
      sep_institution_key: setting?.sep_institution_key ?? null,
      sep_campus_key: setting?.sep_campus_key ?? null,
      sep_state_id: setting?.sep_state_id ?? null,
      sep_signer_entity: setting?.sep_signer_entity ?? null,
      sep_issue_place: setting?.sep_issue_place ?? null,
      min_cal: setting?.min_cal.toString() ?? '0',
      max_cal: setting?.max_cal.toString() ?? '10',
      min_approve: setting?.min_approve.toString() ?? '6',
      precision_cal: setting?.precision_cal ?? 1,
    },
    signer,
    career: student.career ? { cve: student.career.cve, rvoe: student.career.rvoe, rvoe_date: student.career.rvoe_date ? isoDay(student.career.rvoe_date) : null } : null,
    plan: studyPlan,
    student: { ...student, birthday: student.birthday ? isoDay(student.birthday) : null },
    subjects: planSubjects,
  };
  return { source, signer, careerId: student.career?.id ?? null, planId, prefix: (setting?.institution_code ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase() };
}

/** Every problem as the contract's 400: each on its field, with a line that says nothing was issued. */
function problemsAnswer(problems: readonly CertificateProblem[]): ApiError {
  const fields: FieldErrors = { non_field_errors: [msg('certificates.errors.incomplete', { count: problems.length })] };
  for (const problem of problems) (fields[problem.field] ??= []).push(msg(problem.key, problem.values));
  return badRequest(fields);
}

/** The settings' responsable ready to seal, or what stops them: 400 when none is set or has no e.firma, 409 when it does not open. */
function readySigner(signer: Signer | null, at: Date) {
  if (!signer) throw badRequest({ certificate_signer_id: [msg('errors.required')] });
  if (!signer.certificate || !signer.key || !signer.key_password) throw badRequest({ certificate_signer_id: [msg('certificates.errors.signer_no_certificate', { name: [signer.names, signer.first_name].join(' ') })] });
  return { id: signer.id, credential: openSignerEfirma(signer, at) };
}

type Issued = ParsedInputOf<typeof contracts.issueCertificate> & { job_id?: number };

/**
 * Issues, seals and stores one certificate: the student's plan against their kardex, the type the
 * kardex allows (a TOTAL asked for with subjects owed: 409 naming them), every missing key at once
 * (400), the responsable's e.firma (409 when it does not open), a folio never issued before (the
 * row's own id sequence), the XML valid against the schema.
 */
export async function issueCertificate(actor: Actor, input: Issued, at = new Date()) {
  const issuedOn = today();
  const { source, signer, careerId, planId, prefix } = await sourceOf(input.student_id, input.type, issuedOn);
  if (input.type === 'TOTAL' && certificateTypeFor(source.subjects) !== 'TOTAL') {
    const missing = missingForTotal(source.subjects);
    throw conflict('certificates.errors.not_complete', { count: missing.length, list: missing.slice(0, 10).join(', ') });
  }
  const checked = decOf(source);
  if (!checked.ok) throw problemsAnswer(checked.problems);
  const { id: signerId, credential } = readySigner(signer, at);

  return prisma.$transaction(async (tx) => {
    // One TOTAL per student while it stands: a second one waits for the first to be cancelled.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('studies_certificates'), ${input.student_id}::int)`;
    if (source.type === 'TOTAL' && (await tx.studiesCertificate.count({ where: { student_id: input.student_id, type: 'TOTAL', status: 'SIGNED' } }))) throw conflict('certificates.errors.total_exists');
    // The folio comes from the row's id sequence: never handed out twice, even after a rollback.
    const [{ id }] = await tx.$queryRaw<{ id: bigint }[]>`SELECT nextval(pg_get_serial_sequence('studies_certificates', 'id')) AS id`;
    const folio = `${prefix}CE${issuedOn.slice(0, 4)}${String(id).padStart(6, '0')}`;
    const mapped = decOf({ ...source, folio_control: folio });
    if (!mapped.ok) throw problemsAnswer(mapped.problems);
    const dec = mapped.value;
    const seal = sealCadena(credential, decCadena(dec));
    const xml = decXml(dec, seal);
    const schema = await validateXml(xml, 'certificado');
    // The mapping checks what the schema asks; a refusal here is still the user's to read, never a 500.
    if (!schema.valid) throw badRequest({ non_field_errors: schema.problems.slice(0, 5).map((problem) => msg('titles.errors.xsd', { line: problem.line ?? 0, message: problem.message })) });
    const row = await tx.studiesCertificate.create({
      data: {
        id: Number(id),
        folio_control: folio,
        type: source.type,
        status: 'SIGNED',
        student_id: input.student_id,
        career_id: careerId,
        study_plan_id: planId,
        signer_id: signerId,
        user_id: actor.id ?? null,
        job_id: input.job_id ?? null,
        issued_at: at,
        subjects: Number(dec.asignaturas.asignadas),
        total: Number(dec.asignaturas.total),
        average: dec.asignaturas.promedio,
        xml,
        seal: seal.sello,
        cert_no: seal.noCertificadoResponsable,
      },
      select: { id: true, folio_control: true, type: true, status: true, student_id: true, subjects: true, total: true, average: true, cert_no: true, issued_at: true },
    });
    await recordHistoryMany(tx, [
      {
        table: 'studies_certificates',
        recordId: row.id,
        type: '+',
        actor,
        changes: [
          { field: 'folio_control', old: null, new: folio },
          { field: 'type', old: null, new: source.type },
          { field: 'status', old: null, new: 'SIGNED' },
          { field: 'student_id', old: null, new: input.student_id },
          { field: 'signer_id', old: null, new: signerId },
          { field: 'cert_no', old: null, new: seal.noCertificadoResponsable },
        ],
        reason: input.job_id ? `Lote ${input.job_id}` : undefined,
      },
    ]);
    return { ...row, average: row.average?.toString() ?? null, cert_no: row.cert_no ?? '', issued_at: row.issued_at!.toISOString() };
  });
}

/** Cancels a signed certificate with the reason typed. */
export async function cancelCertificate(actor: Actor, id: number, reason: string) {
  return prisma.$transaction(async (tx: Tx) => {
    await tx.$queryRaw`SELECT id FROM studies_certificates WHERE id = ${id} FOR UPDATE`;
    const before = await tx.studiesCertificate.findUnique({ where: { id }, select: { id: true, status: true } });
    if (!before) throw notFound();
    const to = nextCertificateStatus(before.status as CertificateStatus, 'cancel');
    if (!to) throw conflict('certificates.errors.status', { status: before.status });
    await tx.studiesCertificate.update({ where: { id }, data: { status: to, cancel_reason: reason, cancelled_at: new Date() } });
    await recordHistoryMany(tx, [{ table: 'studies_certificates', recordId: id, type: '~', actor, changes: [{ field: 'status', old: before.status, new: to }, { field: 'cancel_reason', old: null, new: reason }], reason }]);
    return { id, status: to };
  });
}

// ---------------------------------------------------------------------------------------------
// A batch as a job.

/**
 * Issues the certificates of many students, each in its own transaction (a refused student does not
 * stop the others). A run cut short and run again issues only for who has none from this job yet.
 */
export const issueCertificatesJob = defineJob({
  name: 'academic-issue-certificates',
  input: contracts.certificateJobInput,
  async run({ student_ids: students, type }, { ctx, report, jobId }) {
    const refused: { student_id: number; reason: string }[] = [];
    const done = new Set((await prisma.studiesCertificate.findMany({ where: { job_id: jobId }, select: { student_id: true } })).map((row) => row.student_id));
    let issued = done.size;
    await report(0, students.length);
    for (const [index, studentId] of students.entries()) {
      if (!done.has(studentId)) {
        try {
          await issueCertificate(ctx.actor, { student_id: studentId, type, job_id: jobId });
          issued += 1;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          refused.push({ student_id: studentId, reason: refusalText(error, ctx.t) });
        }
      }
      await report(index + 1, students.length);
    }
    return { issued, refused_count: refused.length, refused: refused.slice(0, 200) };
  },
});

/** The students a batch names: the ids given, a group's current students, or a career's active ones (enrolled in the period when one is named). */
async function batchStudents(ctx: OperationContext, input: ParsedInputOf<typeof contracts.issueCertificateBatch>, students: ResourceDefinition): Promise<number[]> {
  let ids: number[];
  if (input.student_ids?.length) ids = [...new Set(input.student_ids)];
  else {
    const rows = await prisma.student.findMany({
      where: {
        is_active: true,
        ...(input.group_id ? { current_group_id: input.group_id } : {}),
        ...(input.career_id ? { career_id: input.career_id } : {}),
        ...(input.cicle_id ? { student_groups: { some: { group: { cicle_id: input.cicle_id } } } } : {}),
      },
      select: { id: true },
      orderBy: [{ first_name: 'asc' }, { names: 'asc' }],
      take: 2_001,
    });
    ids = rows.map((row) => row.id);
  }
  if (ids.length === 0) throw badRequest({ student_ids: [msg('certificates.errors.batch_empty')] });
  if (ids.length > 2_000) throw badRequest({ student_ids: [msg('certificates.errors.batch_too_big', { max: 2_000 })] });
  // Only students the caller may see (a coordinator's careers): one outside answers 404 as reading them would.
  for (const id of ids) await show(students, ctx, id);
  return ids;
}

// ---------------------------------------------------------------------------------------------
// The actions.

export function certificateActions(certificates: () => ResourceDefinition, students: () => ResourceDefinition): ActionDefinition[] {
  /** The certificate as the caller may read it (404 outside their reach). */
  const visible = async (ctx: ActionContext, id: number) => (await show(certificates(), ctx, id)) as { id: number };

  /** POST issue/ {student_id, type?}: one student's certificate, sealed. */
  const issue = defineAction(contracts.issueCertificate, {
    needs: 'write',
    handler: async (ctx) => {
      await show(students(), ctx, ctx.input.student_id);
      return created(await issueCertificate(ctx.actor, ctx.input));
    },
  });

  /** POST issue_batch/ {student_ids | group_id | career_id [+ cicle_id], type?}: a job (202 {job_id}). */
  const issueBatch = defineAction(contracts.issueCertificateBatch, {
    needs: 'write',
    handler: async (ctx) => {
      const ids = await batchStudents(ctx, ctx.input, students());
      // Without a responsable able to seal, no student would get one: say so at once.
      const setting = await prisma.setting.findFirst({ orderBy: { id: 'asc' }, select: { certificate_signer: { select: signerSelect } } });
      readySigner(setting?.certificate_signer ?? null, new Date());
      const started = await startJob(ctx, issueCertificatesJob, { student_ids: ids, type: ctx.input.type });
      return accepted({ ...started, students: ids.length });
    },
  });

  /** GET {id}/xml/: the sealed XML. */
  const xml = defineAction(contracts.certificateXml, {
    needs: 'read',
    handler: async (ctx) => {
      const { id } = await visible(ctx, parseId(ctx.params.id));
      const row = await prisma.studiesCertificate.findUniqueOrThrow({ where: { id }, select: { folio_control: true, xml: true } });
      if (!row.xml) throw conflict('certificates.errors.no_xml');
      const bytes = Buffer.from(row.xml, 'utf8');
      return new FileResult(new Uint8Array(bytes), XML, `${row.folio_control}.xml`, { size: bytes.length });
    },
  });

  /** GET download_zip/?job_id= | ?ids=: the sealed XMLs as one zip, streamed. */
  const downloadZip = defineAction(contracts.certificatesZip, {
    needs: 'read',
    handler: async (ctx) => {
      const jobId = ctx.query.get('job_id');
      const rawIds = ctx.query.get('ids');
      const number = /^[1-9]\d{0,9}$/;
      let where: Prisma.StudiesCertificateWhereInput;
      if (jobId) {
        if (!number.test(jobId) || Number(jobId) > 2_147_483_647) throw badRequest({ job_id: [msg('errors.invalid')] });
        // A batch's zip is its owner's (or an administrator's), as the job's status is.
        const job = await prisma.job.findUnique({ where: { id: Number(jobId) }, select: { user_id: true, name: true } });
        if (!job || job.name !== issueCertificatesJob.name || (job.user_id !== ctx.actor.id && !ctx.actor.is_superuser)) throw notFound();
        where = { job_id: Number(jobId) };
      } else if (rawIds) {
        const ids = rawIds.split(',').map((part) => part.trim());
        if (ids.length > 2_000 || ids.some((part) => !number.test(part) || Number(part) > 2_147_483_647)) throw badRequest({ ids: [msg('errors.invalid')] });
        where = { id: { in: ids.map(Number) } };
      } else throw badRequest({ job_id: [msg('errors.required')] });
      // Through the list's row scope: only certificates the caller may read.
      const found: number[] = [];
      for (const row of await prisma.studiesCertificate.findMany({ where: { AND: [where, { xml: { not: null } }] }, select: { id: true }, orderBy: { id: 'asc' }, take: 2_000 })) {
        if (await show(certificates(), ctx, row.id).then(() => true, () => false)) found.push(row.id);
      }
      if (found.length === 0) throw conflict('certificates.errors.no_xml');
      return streamedZip(jobId ? `certificados-lote-${jobId}.zip` : 'certificados.zip', async (append) => {
        // A few at a time: a batch of hundreds never sits whole in memory.
        for (let start = 0; start < found.length; start += 50) {
          const rows = await prisma.studiesCertificate.findMany({ where: { id: { in: found.slice(start, start + 50) } }, select: { folio_control: true, xml: true }, orderBy: { id: 'asc' } });
          for (const row of rows) if (row.xml) await append(Buffer.from(row.xml, 'utf8'), `${row.folio_control}.xml`);
        }
      });
    },
  });

  /** POST {id}/cancel/ {reason}: a signed certificate cancelled; its folio stays used. */
  const cancel = defineAction(contracts.cancelCertificate, {
    needs: 'write',
    handler: async (ctx) => cancelCertificate(ctx.actor, (await visible(ctx, parseId(ctx.params.id))).id, ctx.input.reason),
  });

  return [issue, issueBatch, xml, downloadZip, cancel];
}
