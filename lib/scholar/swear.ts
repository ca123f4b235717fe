// Oath-taking (toma de protesta) as a rule: a student swears only with no subject of their plan
// still owed and no mandatory document missing from their file; the refusal names what is
// missing. Pure, with its table of cases; the facts (average, credits, owed subjects) come from
// the kardex, never typed.

export type SwearFacts = { pending_subjects: readonly string[]; pending_documents: readonly string[] };

export type SwearVerdict = { ok: true } | { ok: false; reasons: { key: 'scholar.swear.pending_subjects' | 'scholar.swear.pending_documents'; values: { count: number; list: string } }[] };

/** How many names a refusal lists before "and N more". */
const LISTED = 5;

function listOf(names: readonly string[]): string {
  return names.length <= LISTED ? names.join(', ') : `${names.slice(0, LISTED).join(', ')}…`;
}

export function swearEligibility(facts: SwearFacts): SwearVerdict {
  const reasons: Extract<SwearVerdict, { ok: false }>['reasons'] = [];
  if (facts.pending_subjects.length) reasons.push({ key: 'scholar.swear.pending_subjects', values: { count: facts.pending_subjects.length, list: listOf(facts.pending_subjects) } });
  if (facts.pending_documents.length) reasons.push({ key: 'scholar.swear.pending_documents', values: { count: facts.pending_documents.length, list: listOf(facts.pending_documents) } });
  return reasons.length ? { ok: false, reasons } : { ok: true };
}
