// The public verification of an issued document (no sign-in): by the token its QR code carries, or
// by the PDF itself (the SHA-256 of its bytes against the stored ones). A malformed token and an
// unknown one get the same answer, after the same query, so trying tokens learns nothing; every
// call counts against the caller's address (VERIFY_RATE_LIMIT_PER_MINUTE).
import type { DocumentStatement } from '@/lib/documents/statement';
import { prisma } from '@/server/db/client';
import { env } from '@/server/env';
import { notFound, tooManyRequests } from '@/server/errors';
import { rateLimiter } from '@/server/rate-limit/limiter';
import { isToken, sha256Hex, verifySealedData } from './seal';

/** Counts a verification from an address; 429 past the limit. */
export function checkVerificationRate(address: string): void {
  const decision = rateLimiter().hit(`verify:${address.slice(0, 100)}`, env.VERIFY_RATE_LIMIT_PER_MINUTE);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}

const verificationSelect = {
  id: true,
  token: true,
  folio: true,
  data: true,
  data_sha256: true,
  seal: true,
  certificate: true,
  cert_number: true,
  issued_at: true,
  status: true,
  revoked_at: true,
  revoke_reason: true,
  type: { select: { code: true, name: true } },
  student: { select: { names: true, first_name: true, second_name: true } },
  replaced_by: { select: { folio: true } },
} as const;

type Row = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

function findByToken(token: string) {
  return prisma.issuedDocument.findUnique({ where: { token }, select: verificationSelect });
}

function parsed(data: string): DocumentStatement | null {
  try {
    return JSON.parse(data) as DocumentStatement;
  } catch {
    return null;
  }
}

export type Verification = {
  state: 'VALID' | 'REVOKED' | 'INVALID';
  folio: string;
  type: { code: string; name: string };
  issued_at: Date;
  holder: string;
  statement: DocumentStatement | null;
  cert_number: string;
  revoked_at: Date | null;
  revoke_reason: string | null;
  replaced_by: string | null;
};

/** How a stored document stands now: its seal checked against its certificate, then its revocation. */
function verification(row: Row): Verification {
  const sealed = verifySealedData(row);
  const statement = sealed ? parsed(row.data) : null;
  const holder = statement?.holder.name ?? [row.student.names, row.student.first_name, row.student.second_name].filter(Boolean).join(' ');
  return {
    state: !sealed || !statement ? 'INVALID' : row.status === 'REVOKED' ? 'REVOKED' : 'VALID',
    folio: row.folio,
    type: row.type,
    issued_at: row.issued_at,
    holder,
    statement,
    cert_number: row.cert_number,
    revoked_at: row.revoked_at,
    revoke_reason: row.revoke_reason,
    replaced_by: row.replaced_by?.folio ?? null,
  };
}

/** The document a token names, as its public page shows it; 404 (one answer) for a malformed or unknown token. */
export async function verifyToken(token: unknown): Promise<Verification> {
  // A malformed token is still looked up (it finds nothing): the answer and its time say the same as an unknown one's.
  const row = await findByToken(isToken(token) ? token : String(token ?? '').slice(0, 32));
  if (!row || !isToken(token)) throw notFound('documents.verify.not_found');
  return verification(row);
}

/** Whether a file is exactly a PDF the school issued, and which document it is. */
export async function verifyPdf(bytes: Uint8Array): Promise<{ issued: boolean; document: (Omit<Verification, 'statement'> & { token: string }) | null }> {
  const digest = sha256Hex(bytes);
  const row = await prisma.issuedDocument.findFirst({ where: { pdf_sha256: digest }, select: verificationSelect, orderBy: { id: 'asc' } });
  if (!row) return { issued: false, document: null };
  const { statement: _statement, ...rest } = verification(row);
  return { issued: true, document: { ...rest, token: row.token } };
}
