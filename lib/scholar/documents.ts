// A person's file (expediente) as rules: which document types apply to them, where each stands
// (missing, to review, accepted, rejected), what is still pending, and the originals the school
// keeps and lends back. Pure functions: the API, the applicant portal, the staff screens and the
// reports all read one answer.

export type DocumentReview = 'PENDING' | 'ACCEPTED' | 'REJECTED';
export type NationalityScope = 'M' | 'F' | 'B';

export type DocumentTypeRule = { id: number; name: string; mandatory: boolean; is_foreign: NationalityScope; category_career: string; category?: string; status?: boolean };

/** Who a file is for: nationality, career category, and the document categories asked of them. */
export type FileOwner = { is_foreign: boolean; category_career: string | null; categories?: readonly string[] };

/**
 * The document categories asked of a person: an applicant's admission documents; a student's
 * school documents, and the revalidation ones when their studies are revalidated.
 */
export function categoriesOf(kind: 'student' | 'aspirant', isRevalid = false): string[] {
  return kind === 'aspirant' ? ['aspirants'] : isRevalid ? ['students', 'revalid'] : ['students'];
}
export type HandedDocument = {
  id: number;
  doc_type_id: number;
  document: string | null;
  review_status: DocumentReview;
  review_notes: string | null;
  archived: boolean;
  lent_at: string | null;
  date_limit: string | null;
  status?: boolean;
};

/** Where one type stands for one person: nothing handed in, or the state of the latest one. */
export type ChecklistState = 'MISSING' | DocumentReview;
export type ChecklistItem = { type: DocumentTypeRule; state: ChecklistState; latest: HandedDocument | null; documents: HandedDocument[]; pending: boolean };

/**
 * Whether a type applies to a person: its category (when the person names theirs), its
 * nationality scope (M nationals, F foreigners, B both) and its career category (GENERAL applies
 * to every career).
 */
export function typeApplies(type: DocumentTypeRule, person: FileOwner): boolean {
  if (type.status === false) return false;
  if (person.categories && type.category && !person.categories.includes(type.category)) return false;
  if (type.is_foreign === 'M' && person.is_foreign) return false;
  if (type.is_foreign === 'F' && !person.is_foreign) return false;
  return type.category_career === 'GENERAL' || type.category_career === (person.category_career ?? 'GENERAL');
}

/**
 * The person's checklist: each type that applies with the documents handed in (newest first).
 * A type's state is its newest document's review (a new upload supersedes a rejected one); a
 * mandatory type is pending while missing or rejected.
 */
export function documentChecklist(
  types: readonly DocumentTypeRule[],
  documents: readonly HandedDocument[],
  person: FileOwner,
): ChecklistItem[] {
  const byType = new Map<number, HandedDocument[]>();
  for (const document of [...documents].filter((d) => d.status !== false).sort((a, b) => b.id - a.id)) {
    const list = byType.get(document.doc_type_id) ?? [];
    list.push(document);
    byType.set(document.doc_type_id, list);
  }
  return types
    .filter((type) => typeApplies(type, person) || byType.has(type.id))
    .map((type) => {
      const handed = byType.get(type.id) ?? [];
      const latest = handed[0] ?? null;
      const state: ChecklistState = latest ? latest.review_status : 'MISSING';
      return { type, state, latest, documents: handed, pending: type.mandatory && (state === 'MISSING' || state === 'REJECTED') };
    })
    .sort((a, b) => Number(b.type.mandatory) - Number(a.type.mandatory) || a.type.name.localeCompare(b.type.name, 'es'));
}

/** The mandatory types still to hand in (or to hand in again), by name. */
export function pendingDocumentNames(checklist: readonly ChecklistItem[]): string[] {
  return checklist.filter((item) => item.pending).map((item) => item.type.name);
}

// ---------------------------------------------------------------------------------------------
// Staff's review.

export type ReviewInput = { review_status: DocumentReview; review_notes?: string | null };
export type RuleResult<T> = { ok: true; changes: T } | { ok: false; field?: string; key: string };

/** Accepting clears any earlier reason; rejecting (asking for it again) says what is wrong. */
export function reviewChanges(input: ReviewInput): RuleResult<{ review_status: DocumentReview; review_notes: string | null }> {
  const notes = input.review_notes?.trim() || null;
  if (input.review_status === 'REJECTED' && !notes) return { ok: false, field: 'review_notes', key: 'scholar.documents.reason_required' };
  if (input.review_status === 'PENDING') return { ok: true, changes: { review_status: 'PENDING', review_notes: null } };
  return { ok: true, changes: { review_status: input.review_status, review_notes: input.review_status === 'REJECTED' ? notes : null } };
}

// ---------------------------------------------------------------------------------------------
// Originals: in the school's file (archived), lent back to their owner until a date, or never
// handed over.

export type OriginalState = 'NOT_RECEIVED' | 'IN_FILE' | 'LENT';
export type OriginalChanges = { archived: boolean; lent_at: string | null; date_limit: string | null };

export function originalState(document: Pick<HandedDocument, 'archived' | 'lent_at'>): OriginalState {
  if (document.archived) return 'IN_FILE';
  return document.lent_at ? 'LENT' : 'NOT_RECEIVED';
}

/** Lending needs the original in the file and a return date from today on. */
export function lendOriginal(document: Pick<HandedDocument, 'archived' | 'lent_at'>, dateLimit: string | null | undefined, today: string): RuleResult<OriginalChanges> {
  const state = originalState(document);
  if (state === 'LENT') return { ok: false, key: 'scholar.documents.already_lent' };
  if (state === 'NOT_RECEIVED') return { ok: false, key: 'scholar.documents.original_not_received' };
  if (!dateLimit) return { ok: false, field: 'date_limit', key: 'errors.limit_date' };
  if (dateLimit < today) return { ok: false, field: 'date_limit', key: 'scholar.documents.date_limit_past' };
  return { ok: true, changes: { archived: false, lent_at: today, date_limit: dateLimit } };
}

/** Receiving puts the original in the file: the first time it is handed over, or back from a loan. */
export function receiveOriginal(document: Pick<HandedDocument, 'archived' | 'lent_at'>): RuleResult<OriginalChanges> {
  if (originalState(document) === 'IN_FILE') return { ok: false, key: 'scholar.documents.already_received' };
  return { ok: true, changes: { archived: true, lent_at: null, date_limit: null } };
}

/** A lent original whose return date has passed. */
export function isOverdue(document: Pick<HandedDocument, 'archived' | 'lent_at' | 'date_limit'>, today: string): boolean {
  return originalState(document) === 'LENT' && !!document.date_limit && document.date_limit < today;
}
