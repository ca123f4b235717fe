// A person's file (expediente) at students/api/student-documents/: where each document type stands
// for a student or an applicant (`checklist/`), staff's review of a handed-in document (accept, or
// reject and ask for it again — the person hears why by e-mail), and the originals the school keeps
// (`receive_original/`) and lends back until a date (`lend_original/`). The rules are pure
// functions (lib/scholar/documents.ts); each action locks the document's row and writes its
// change with the history row in one transaction.
import { isoDay } from '@/lib/dates';
import { type ParsedInputOf } from '@/lib/contracts/contract';
import * as contracts from '@/lib/contracts/students';
import { type ChecklistItem, type DocumentTypeRule, type HandedDocument, type RuleResult, categoriesOf, documentChecklist, isOverdue, lendOriginal, receiveOriginal, reviewChanges } from '@/lib/scholar/documents';
import { today } from '@/server/clock';
import { type Prisma, prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import type { ActionContext } from '@/server/engine/context';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { ApiError, badRequest, forbidden, msg, notFound } from '@/server/errors';
import { translator } from '@/server/i18n/messages';
import { parseId } from '@/server/engine/engine';
import { idParam } from '@/server/validation';
import { sendNotice } from '@/server/mail/mailer';

type Tx = Prisma.TransactionClient;

const documentRow = {
  id: true,
  doc_type_id: true,
  document: true,
  review_status: true,
  review_notes: true,
  archived: true,
  lent_at: true,
  date_limit: true,
  status: true,
  student_id: true,
  aspirant_id: true,
} as const;

type DocumentRow = Prisma.StudentDocumentGetPayload<{ select: typeof documentRow }>;

function handed(row: DocumentRow): HandedDocument {
  return { ...row, lent_at: row.lent_at ? isoDay(row.lent_at) : null, date_limit: row.date_limit ? isoDay(row.date_limit) : null };
}

/** The document as the API answers it after an action. */
function answerOf(row: DocumentRow) {
  const document = handed(row);
  return { ...document, overdue: isOverdue(document, today()) };
}

async function lockDocument(tx: Tx, rawId: string | undefined): Promise<DocumentRow> {
  const id = parseId(rawId ?? '');
  await tx.$queryRaw`SELECT id FROM student_documents WHERE id = ${id} FOR UPDATE`;
  const row = await tx.studentDocument.findUnique({ where: { id }, select: documentRow });
  if (!row) throw notFound();
  return row;
}

function applied<T>(result: RuleResult<T>): T {
  if (result.ok) return result.changes;
  // A field's mistake is the form's (400); a move the document's state refuses is a conflict.
  if (result.field) throw badRequest({ [result.field]: [msg(result.key)] });
  throw new ApiError(409, msg(result.key));
}

/** Writes the changes of an action on one document with its history row; answers the document. */
async function changeDocument(ctx: ActionContext, decide: (row: DocumentRow) => Prisma.StudentDocumentUncheckedUpdateInput, reason?: string, id: string | undefined = ctx.params.id) {
  return prisma.$transaction(async (tx) => {
    const before = await lockDocument(tx, id);
    const data = decide(before);
    const after = await tx.studentDocument.update({ where: { id: before.id }, data, select: documentRow });
    const [old, now] = [handed(before) as Record<string, unknown>, handed(after) as Record<string, unknown>];
    const changes = Object.keys(data)
      .filter((field) => field in now && old[field] !== now[field])
      .map((field) => ({ field, old: old[field] ?? null, new: now[field] ?? null }));
    await recordHistoryMany(tx, [{ table: 'student_documents', recordId: before.id, type: '~', actor: ctx.actor, changes, reason }]);
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// Review.

/** Tells the person that a document has to be handed in again, and why. */
async function noticeRejected(row: DocumentRow): Promise<void> {
  const [person, type] = await Promise.all([
    row.aspirant_id && !row.student_id
      ? prisma.aspirant.findUnique({ where: { id: row.aspirant_id }, select: { names: true, first_name: true, email: true } })
      : row.student_id
        ? prisma.student.findUnique({ where: { id: row.student_id }, select: { names: true, first_name: true, email: true } })
        : null,
    prisma.documentType.findUnique({ where: { id: row.doc_type_id }, select: { name: true } }),
  ]);
  if (!person?.email) return;
  const t = translator();
  const text = t('scholar.documents.mail_rejected', { name: `${person.names} ${person.first_name}`, document: type?.name ?? '', reason: row.review_notes ?? '' });
  await sendNotice(person.email, t('scholar.documents.mail_subject'), text, 'documents');
}

/** POST {id}/review_document/ {review_status, review_notes}: accepted, or rejected with what to hand in again. */
export const reviewDocument = defineAction(contracts.reviewDocument, {
  needs: 'write',
  handler: async (ctx) => {
    // A review names its outcome: without one, the choice is what is missing.
    const { review_status, review_notes } = ctx.input;
    if (!review_status) throw badRequest({ review_status: [msg('errors.choice')] });
    const changes = applied(reviewChanges({ review_status, review_notes }));
    const after = await changeDocument(ctx, () => ({ ...changes, reviewed_at: new Date() }), changes.review_notes ?? undefined);
    if (after.review_status === 'REJECTED') await noticeRejected(after);
    return answerOf(after);
  },
});

// ---------------------------------------------------------------------------------------------
// Originals.

/** Lends the original of document `id` until `date_limit` (lend_original/, and the students' lend_document/). */
export async function lendDocumentOf(ctx: ActionContext, id: string, input: ParsedInputOf<typeof contracts.lendOriginal>) {
  const after = await changeDocument(
    ctx,
    (row) => {
      const changes = applied(lendOriginal(handed(row), input.date_limit, today()));
      return { archived: changes.archived, lent_at: new Date(`${changes.lent_at}T00:00:00Z`), date_limit: new Date(`${changes.date_limit}T00:00:00Z`) };
    },
    input.notes ?? undefined,
    id,
  );
  return answerOf(after);
}

/** POST {id}/lend_original/ {date_limit}: the original goes back to its owner until that date. */
export const lendDocument = defineAction(contracts.lendOriginal, { needs: 'write', handler: (ctx) => lendDocumentOf(ctx, ctx.params.id, ctx.input) });

/** POST {id}/receive_original/: the original is in the school's file (handed over, or back from a loan). */
export const receiveDocument = defineAction(contracts.receiveOriginal, {
  needs: 'write',
  handler: async (ctx) => answerOf(await changeDocument(ctx, (row) => applied(receiveOriginal(handed(row))))),
});

// ---------------------------------------------------------------------------------------------
// The checklist.

const typeRow = { id: true, name: true, mandatory: true, is_foreign: true, category_career: true, category: true, status: true } as const;

/** The checklist of each person: students or applicants, one read of types and documents for all. */
export async function checklists(tx: Tx | typeof prisma, people: { kind: 'student' | 'aspirant'; ids: number[] }): Promise<Map<number, ChecklistItem[]>> {
  const result = new Map<number, ChecklistItem[]>();
  if (!people.ids.length) return result;
  const owner = people.kind === 'student' ? 'student_id' : 'aspirant_id';
  const [types, documents, persons] = await Promise.all([
    // A student's file also shows the admission documents they handed in as an applicant.
    tx.documentType.findMany({ where: { category: people.kind === 'student' ? { in: ['students', 'revalid', 'aspirants'] } : 'aspirants' }, select: typeRow, orderBy: { name: 'asc' } }),
    tx.studentDocument.findMany({ where: { [owner]: { in: people.ids } }, select: documentRow }),
    people.kind === 'student'
      ? tx.student.findMany({ where: { id: { in: people.ids } }, select: { id: true, is_foreign: true, is_revalid: true, career: { select: { category_career: true } } } })
      : tx.aspirant.findMany({ where: { id: { in: people.ids } }, select: { id: true, is_foreign: true, career: { select: { category_career: true } } } }),
  ]);
  const rules = types as DocumentTypeRule[];
  const byOwner = new Map<number, HandedDocument[]>();
  for (const row of documents) {
    const key = row[owner] as number;
    byOwner.set(key, [...(byOwner.get(key) ?? []), handed(row)]);
  }
  for (const person of persons) {
    const categories = categoriesOf(people.kind, 'is_revalid' in person && person.is_revalid === true);
    result.set(person.id, documentChecklist(rules, byOwner.get(person.id) ?? [], { is_foreign: person.is_foreign, category_career: person.career?.category_career ?? null, categories }));
  }
  return result;
}

/**
 * GET checklist/?aspirant_id= | ?student_id=: each document type that applies to the person, its
 * state and documents, and what is still pending. Students and applicants read their own.
 */
export const documentChecklistAction = defineAction(contracts.documentChecklist, {
  needs: 'read',
  handler: async (ctx) => {
    const { actor, query } = ctx;
    const asked = { kind: query.get('aspirant_id') ? ('aspirant' as const) : ('student' as const) };
    const id = idParam(query, `${asked.kind}_id`, true);
    // A student or applicant reads only their own file.
    if (actor.kind === 'aspirant' && (asked.kind !== 'aspirant' || actor.aspirant_id !== id)) throw forbidden();
    if (actor.kind === 'student' && (asked.kind !== 'student' || actor.student_id !== id)) throw forbidden();
    if (actor.kind === 'teacher') throw forbidden();
    const checklist = (await checklists(prisma, { kind: asked.kind, ids: [id] })).get(id);
    if (!checklist) throw notFound();
    const day = today();
    return {
      pending: checklist.filter((item) => item.pending).length,
      // Handed in and waiting for staff to look at them.
      to_review: checklist.filter((item) => item.state === 'PENDING').length,
      items: checklist.map((item) => ({
        doc_type: { id: item.type.id, name: item.type.name, mandatory: item.type.mandatory, is_foreign: item.type.is_foreign },
        state: item.state,
        pending: item.pending,
        documents: item.documents.map((document) => ({ ...document, overdue: isOverdue(document, day) })),
      })),
    };
  },
});

/**
 * GET lent/[?overdue=true]: the originals lent back to their owners, soonest due first, the
 * overdue ones marked (Control Escolar › Documentos).
 */
export const lentOriginals = defineAction(contracts.lentOriginals, {
  needs: 'read',
  handler: async (ctx) => {
    if (ctx.actor.kind !== 'staff') throw forbidden();
    const day = today();
    const rows = await prisma.studentDocument.findMany({
      where: { archived: false, lent_at: { not: null }, status: true, ...(ctx.queryInput.overdue === 'true' ? { date_limit: { lt: new Date(`${day}T00:00:00Z`) } } : {}) },
      orderBy: [{ date_limit: 'asc' }, { id: 'asc' }],
      take: 500,
      select: {
        ...documentRow,
        doc_type: { select: { name: true } },
        student: { select: { id: true, no_control: true, names: true, first_name: true, second_name: true } },
        aspirant: { select: { id: true, web_code: true, names: true, first_name: true, second_name: true } },
      },
    });
    return rows.map((row) => {
      const person = row.student ?? row.aspirant;
      const document = handed(row);
      return {
        ...answerOf(row),
        doc_type: row.doc_type.name,
        owner: person ? { kind: row.student ? 'student' : 'aspirant', id: person.id, name: [person.first_name, person.second_name, person.names].filter(Boolean).join(' '), code: row.student?.no_control ?? row.aspirant?.web_code ?? '' } : null,
        overdue: isOverdue(document, day),
      };
    });
  },
});

export const documentActions: ActionDefinition[] = [documentChecklistAction, reviewDocument, lendDocument, receiveDocument, lentOriginals];
