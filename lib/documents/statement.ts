// What an issued document states, as data: the canonical JSON of this object is what its hash and
// seal cover (canonical.ts), and the verification page shows it back. Scores and credits are exact
// decimal texts, dates YYYY-MM-DD.

export const DOCUMENT_KINDS = ['CONSTANCIA', 'BOLETA', 'CERTIFICADO'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Kinds that speak of one period (the student's current one unless another is named). */
export const KINDS_WITH_PERIOD: readonly DocumentKind[] = ['CONSTANCIA', 'BOLETA'];

export const ISSUED_DOCUMENT_STATUSES = ['ISSUED', 'REVOKED'] as const;
export type IssuedDocumentStatus = (typeof ISSUED_DOCUMENT_STATUSES)[number];

/** A subject on a report card (its partials and final) or on a transcript (its grade, period, score and credits). */
export type StatementSubject = {
  code: string;
  name: string;
  /** Report card: the period's ordinary partials in order (null: not captured; "NP": did not attend). */
  partials?: (string | null)[];
  /** Report card: the ordinary final, or the score that counts after an extra. */
  final?: string | null;
  /** Transcript: the grade (semester) of the plan the subject belongs to. */
  grade?: number;
  /** Transcript: the period the counting score was obtained in. */
  period?: string | null;
  /** Transcript: the score that counts (a failed one shows 5 at most). */
  score?: string | null;
  credits?: string;
};

export type DocumentStatement = {
  version: 1;
  type: { code: string; name: string; kind: DocumentKind };
  folio: string;
  issued_on: string;
  institution: string;
  holder: { name: string; no_control: string; curp: string | null };
  career: string | null;
  period: { description: string; start: string; end: string } | null;
  enrolment: { grade: number; group: string } | null;
  /** The type's template filled with the holder's facts. */
  text: string;
  purpose: string | null;
  /** Report card and transcript: the subjects; null on a constancia. */
  subjects: StatementSubject[] | null;
  /** Report card: how many partials the period has. */
  partials: number | null;
  /** Report card: the period's average; transcript: the overall average and the credits earned. */
  summary: { average: string | null; credits: string | null } | null;
  signer: { name: string; position: string };
};

/** 2026-11-28 -> 28/11/2026. */
export function statementDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** The path of a document's public verification page (its QR code points there). */
export function verificationPath(token: string): string {
  return `/verificar/${token}`;
}
