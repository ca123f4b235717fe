// The aggregates: records whose state carries money, grades, fiscal or academic history, each with
// one owner module that alone writes its tables (architecture.md, "Aggregates and their owners").
// Other modules call the owner's operations through its index.ts or react to its events
// (server/modules/shared/events.ts). tests/unit/aggregate-owners.test.ts scans every source file
// of server/ for Prisma and SQL writes and fails on one outside the owner.
export const AGGREGATES = {
  /** A sale with its lines, discounts, payments, bank references and the tuition months it bills. */
  sale: { owner: 'finance', models: ['Sale', 'SaleDetail', 'SaleDiscount', 'Payment', 'Reference', 'Recurrent'] },
  /** A CFDI with its concepts and taxes, its stamp and its cancellation. */
  invoice: { owner: 'invoices', models: ['Invoice', 'InvoiceConcept', 'InvoiceTax'] },
  /** SEP's electronic title with its signers' seals and its log. */
  title: { owner: 'academic', models: ['ElectronicTitle', 'TitleLog'] },
  /** SEP's electronic certificate of studies, sealed by a responsable; cancelled, never deleted. */
  studiesCertificate: { owner: 'academic', models: ['StudiesCertificate'] },
  /** A student: control number, enrolments, current group, movements, withdrawals. */
  student: { owner: 'students', models: ['Student', 'StudentGroup', 'StudentMovement', 'Termination'] },
  /** An applicant: their admission steps, charge and conversion. */
  applicant: { owner: 'inscription', models: ['Aspirant'] },
  /** A poll applied to someone: answers and completions. */
  pollApplication: { owner: 'polls', models: ['PollResult', 'PollCompletion', 'TeacherEvaluation'] },
  /** Captured scores and the log of every change. */
  scores: { owner: 'scores', models: ['Score', 'ScoreTrack', 'CaptureChange'] },
  /** A school document issued to a student (constancia, report card, transcript): its folio
   * counter, sealed data and PDF, its revocation and reissue. */
  issuedDocument: { owner: 'documents', models: ['IssuedDocument', 'IssuedDocumentType'] },
  /** A student's request for a document: its charge's progress, the documents issued for it, its
   * delivery or cancellation. */
  documentRequest: { owner: 'documents', models: ['DocumentRequest', 'DocumentRequestDocument'] },
} as const satisfies Record<string, { owner: string; models: readonly string[] }>;
