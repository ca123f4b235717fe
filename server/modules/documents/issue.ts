// The issued document aggregate's operations (the documents module alone writes its tables):
// issueDocument — the one way any path (staff's button, a batch, a student's request later) makes a
// document —, revokeDocument and reissueDocument. Each runs in its caller's transaction and writes
// its history row there; the folio comes from the type's counter under a row lock, so a folio is
// never handed out twice, and a document once issued is never edited (its state table refuses).
import { canonicalJson } from '@/lib/documents/canonical';
import { formatFolio } from '@/lib/documents/folio';
import { type DocumentKind, type DocumentStatement, KINDS_WITH_PERIOD, statementDate, verificationPath } from '@/lib/documents/statement';
import { fillTemplate } from '@/lib/documents/template';
import type { Actor } from '@/server/auth/actor';
import { today } from '@/server/clock';
import { type Prisma, prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import { env } from '@/server/env';
import { conflict, fieldError, notFound } from '@/server/errors';
import type { Credential } from '@/server/esign/credential';
import { openSchoolCsd } from '@/server/esign/school-csd';
import { newStoredPath, openStored, removeStored, writeStored } from '@/server/files/storage';
import { type SchoolFacts, checkCicle, schoolFacts, studentFacts } from './facts';
import { renderDocumentPdf } from './pdf';
import { newToken, sealData, sha256Hex } from './seal';

type Tx = Prisma.TransactionClient;

export type IssueInput = {
  /** The document type: its id, or its code ("CONSTANCIA"). */
  type: number | string;
  student_id: number;
  /** The period a constancia or report card speaks of; the student's current one when left out. */
  cicle_id?: number | null;
  /** What the holder asked for it for (printed on the document). */
  purpose?: string | null;
  /** Set by reissueDocument: the document the new one replaces. */
  replaces_id?: number | null;
};

/** What an issue answers: enough to show, download and verify the document. */
export type IssuedSummary = {
  id: number;
  folio: string;
  token: string;
  verification_url: string;
  type: { id: number; code: string; name: string };
  student_id: number;
  cicle_id: number | null;
  status: 'ISSUED' | 'REVOKED';
  issued_at: Date;
  pdf_sha256: string;
};

/** The school's public address, as the QR codes and e-mails carry it. */
export function publicBaseUrl(): string {
  return (env.NEXTAUTH_URL || `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

export function verificationUrl(token: string): string {
  return `${publicBaseUrl()}${verificationPath(token)}`;
}

/** Reused by a batch: the school's facts, its logo and its open CSD are the same for every document. */
export type IssueSession = { school: SchoolFacts; credential: Credential; logo: Buffer | null };

export async function issueSession(at: Date = new Date()): Promise<IssueSession> {
  const [school, setting] = await Promise.all([
    schoolFacts(),
    prisma.setting.findFirst({ orderBy: { id: 'asc' }, select: { csd_certificate: true, csd_key: true, csd_password: true, fiscal_rfc: true, logo_path: true } }),
  ]);
  return { school, credential: openSchoolCsd(setting, at), logo: await storedBytes(setting?.logo_path) };
}

/** A stored file's bytes (the logo: a few kB), or null when there is none or it is gone. */
async function storedBytes(stored: string | null | undefined): Promise<Buffer | null> {
  const opened = await openStored(stored);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const typeSelect = { id: true, code: true, name: true, kind: true, template: true, signer_name: true, signer_position: true, folio_prefix: true, status: true } as const;

async function documentType(tx: Tx, type: number | string) {
  const row = await tx.issuedDocumentType.findUnique({ where: typeof type === 'number' ? { id: type } : { code: type }, select: typeSelect });
  if (!row) throw fieldError('type_id', 'errors.not_found');
  if (!row.status) throw conflict('documents.errors.type_inactive', { type: row.name });
  return row;
}

/** The next folio number of a type, taken under a lock on the type's row (released when the transaction ends). */
async function takeFolio(tx: Tx, typeId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ last_folio: number }[]>`SELECT last_folio FROM issued_document_types WHERE id = ${typeId} FOR UPDATE`;
  const next = row.last_folio + 1;
  await tx.issuedDocumentType.update({ where: { id: typeId }, data: { last_folio: next } });
  return next;
}

/**
 * Issues a document: reads what it states, takes its folio, seals the canonical JSON with the
 * school's CSD, renders and stores the PDF once (its bytes' SHA-256 kept), and records the row and
 * its history in the caller's transaction. The PDF written before a transaction that then fails is
 * an orphan file nobody points to, never a document without its file.
 */
export async function issueDocument(tx: Tx, actor: Actor | null, input: IssueInput, session?: IssueSession): Promise<IssuedSummary> {
  const type = await documentType(tx, input.type);
  const kind = type.kind as DocumentKind;
  const cicleId = KINDS_WITH_PERIOD.includes(kind) ? (input.cicle_id ?? null) : null;
  await checkCicle(cicleId);
  const { school, credential, logo } = session ?? (await issueSession());
  const facts = await studentFacts(kind, input.student_id, cicleId, school);
  const purpose = input.purpose?.trim() || null;
  const issuedOn = today();
  const number = await takeFolio(tx, type.id);
  const folio = formatFolio(type.folio_prefix, number);
  const token = newToken();
  const text = fillTemplate(type.template, { ...facts.values, fecha: statementDate(issuedOn), proposito: purpose ?? 'los fines que al interesado convengan' });
  const statement: DocumentStatement = {
    version: 1,
    type: { code: type.code, name: type.name, kind },
    folio,
    issued_on: issuedOn,
    ...facts.statement,
    text,
    purpose,
    signer: { name: type.signer_name, position: type.signer_position },
  };
  const data = canonicalJson(statement);
  const sealed = sealData(data, credential);
  const url = verificationUrl(token);
  const pdf = await renderDocumentPdf(statement, { url, seal: sealed.seal, cert_number: sealed.cert_number }, logo);
  const pdfPath = newStoredPath('issued-documents', `${folio}.pdf`);
  await writeStored(pdfPath, pdf);
  try {
    const row = await tx.issuedDocument.create({
      data: {
        type_id: type.id,
        folio,
        folio_number: number,
        token,
        student_id: input.student_id,
        cicle_id: facts.cicle_id,
        purpose,
        data,
        ...sealed,
        pdf_path: pdfPath,
        pdf_sha256: sha256Hex(pdf),
        pdf_size: pdf.byteLength,
        issued_by_id: actor?.id ?? null,
        replaces_id: input.replaces_id ?? null,
      },
      select: { id: true, issued_at: true, pdf_sha256: true },
    });
    await recordHistoryMany(tx, [
      {
        table: 'issued_documents',
        recordId: row.id,
        type: '+',
        actor,
        changes: [
          { field: 'type_id', old: null, new: type.name },
          { field: 'folio', old: null, new: folio },
          { field: 'student_id', old: null, new: statement.holder.name },
          { field: 'cicle_id', old: null, new: statement.period?.description ?? null },
          { field: 'status', old: null, new: 'ISSUED' },
          { field: 'data_sha256', old: null, new: sealed.data_sha256 },
          { field: 'pdf_sha256', old: null, new: row.pdf_sha256 },
          ...(input.replaces_id ? [{ field: 'replaces_id', old: null, new: input.replaces_id }] : []),
        ],
        reason: purpose ?? undefined,
      },
    ]);
    return { id: row.id, folio, token, verification_url: url, type: { id: type.id, code: type.code, name: type.name }, student_id: input.student_id, cicle_id: facts.cicle_id, status: 'ISSUED', issued_at: row.issued_at, pdf_sha256: row.pdf_sha256 };
  } catch (error) {
    await removeStored(pdfPath).catch(() => undefined);
    throw error;
  }
}

const lockedSelect = { id: true, folio: true, status: true, type_id: true, student_id: true, cicle_id: true, purpose: true, revoke_reason: true } as const;

async function lockDocument(tx: Tx, id: number) {
  await tx.$queryRaw`SELECT id FROM issued_documents WHERE id = ${id} FOR UPDATE`;
  const row = await tx.issuedDocument.findUnique({ where: { id }, select: lockedSelect });
  if (!row) throw notFound();
  return row;
}

/** Revokes an issued document with its reason (409 when it is revoked already); its page says so from then on. */
export async function revokeDocument(tx: Tx, actor: Actor, id: number, reason: string, replacedBy?: { id: number; folio: string }) {
  const before = await lockDocument(tx, id);
  if (before.status === 'REVOKED') throw conflict('documents.errors.already_revoked', { folio: before.folio });
  const revokedAt = new Date();
  const text = replacedBy ? `Reemplazado por ${replacedBy.folio}: ${reason}` : reason;
  await tx.issuedDocument.update({ where: { id }, data: { status: 'REVOKED', revoked_at: revokedAt, revoke_reason: text.slice(0, 500), revoked_by_id: actor.id } });
  await recordHistoryMany(tx, [
    {
      table: 'issued_documents',
      recordId: id,
      type: '~',
      actor,
      changes: [
        { field: 'status', old: 'ISSUED', new: 'REVOKED' },
        { field: 'revoke_reason', old: null, new: text.slice(0, 500) },
      ],
      reason: text.slice(0, 500),
    },
  ]);
  return { id, folio: before.folio, status: 'REVOKED' as const, revoked_at: revokedAt, revoke_reason: text.slice(0, 500) };
}

/**
 * Reissues a document with a reason: a new one of the same type, student, period and purpose, read
 * from the records as they are now, with a new folio and token and pointing to the old one, which is
 * revoked naming its replacement. One transaction: both happen or neither.
 */
export async function reissueDocument(tx: Tx, actor: Actor, id: number, reason: string, session?: IssueSession) {
  const before = await lockDocument(tx, id);
  if (before.status === 'REVOKED') throw conflict('documents.errors.already_revoked', { folio: before.folio });
  const issued = await issueDocument(tx, actor, { type: before.type_id, student_id: before.student_id, cicle_id: before.cicle_id, purpose: before.purpose, replaces_id: before.id }, session);
  const revoked = await revokeDocument(tx, actor, before.id, reason, issued);
  return { issued, revoked };
}
