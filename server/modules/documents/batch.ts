// A period's report cards issued as one job (Control Escolar's batch): every student enrolled in
// the period's groups (or one group), each document in its own transaction, so a student the rules
// refuse (no subjects) is listed and the rest go on. The job answers the documents it issued;
// download_zip/?job_id= streams their PDFs as one zip. Run again after a stop, it skips the
// students already given a document by this job (issued since the job was created).
import { z } from 'zod';
import { issueBatchInput } from '@/lib/contracts/documents';
import { prisma } from '@/server/db/client';
import { ApiError, conflict, fieldError } from '@/server/errors';
import { defineJob } from '@/server/jobs/define';
import { issueDocument, issueSession } from './issue';
import { refusalText } from '@/server/jobs/refusal';

export type BatchInput = z.output<typeof issueBatchInput>;

/** The report-card type a batch issues: the one named, else the catalogue's active BOLETA type. */
export async function batchType(typeId: number | null | undefined): Promise<{ id: number; name: string }> {
  const type = typeId
    ? await prisma.issuedDocumentType.findUnique({ where: { id: typeId }, select: { id: true, name: true, kind: true, status: true } })
    : await prisma.issuedDocumentType.findFirst({ where: { kind: 'BOLETA', status: true }, orderBy: { id: 'asc' }, select: { id: true, name: true, kind: true, status: true } });
  if (!type) throw fieldError('type_id', 'errors.not_found');
  if (type.kind !== 'BOLETA') throw fieldError('type_id', 'documents.errors.batch_report_cards');
  if (!type.status) throw conflict('documents.errors.type_inactive', { type: type.name });
  return type;
}

/** The students a batch covers: those enrolled (active) in the period, or in the one group, by name. */
export async function batchStudents(input: BatchInput): Promise<number[]> {
  if (input.group_id) {
    const group = await prisma.group.findUnique({ where: { id: input.group_id }, select: { cicle_id: true } });
    if (!group || group.cicle_id !== input.cicle_id) throw fieldError('group_id', 'errors.not_found');
  } else if (!(await prisma.cicle.findUnique({ where: { id: input.cicle_id }, select: { id: true } }))) {
    throw fieldError('cicle_id', 'errors.not_found');
  }
  const rows = await prisma.studentGroup.findMany({
    where: { status: true, group: input.group_id ? { id: input.group_id } : { cicle_id: input.cicle_id }, student: { is_active: true } },
    distinct: ['student_id'],
    select: { student_id: true, student: { select: { first_name: true, second_name: true, names: true } } },
  });
  const name = (row: (typeof rows)[number]) => `${row.student.first_name} ${row.student.second_name ?? ''} ${row.student.names}`;
  return rows.sort((a, b) => name(a).localeCompare(name(b), 'es')).map((row) => row.student_id);
}

export const issueReportCardsJob = defineJob({
  name: 'documents-issue-report-cards',
  input: issueBatchInput,
  async run(input, { ctx, report, jobId }) {
    const type = await batchType(input.type_id);
    const students = await batchStudents(input);
    const job = await prisma.job.findUnique({ where: { id: jobId }, select: { created_at: true } });
    // A run cut short and started again: what this job already issued stays, and is not issued twice.
    const earlier = await prisma.issuedDocument.findMany({
      where: { type_id: type.id, cicle_id: input.cicle_id, student_id: { in: students }, issued_by_id: ctx.actor.id, issued_at: { gte: job?.created_at ?? new Date() } },
      select: { id: true, student_id: true },
    });
    const done = new Map(earlier.map((row) => [row.student_id, row.id]));
    const session = await issueSession();
    const documentIds: number[] = [...done.values()];
    const refused: { student_id: number; reason: string }[] = [];
    await report(0, students.length);
    for (const [index, studentId] of students.entries()) {
      if (!done.has(studentId)) {
        try {
          const issued = await prisma.$transaction((tx) => issueDocument(tx, ctx.actor, { type: type.id, student_id: studentId, cicle_id: input.cicle_id }, session), { timeout: 30_000 });
          documentIds.push(issued.id);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          refused.push({ student_id: studentId, reason: refusalText(error, ctx.t) });
        }
      }
      await report(index + 1, students.length);
    }
    return { issued: documentIds.length, refused_count: refused.length, refused: refused.slice(0, 200), document_ids: documentIds };
  },
});
