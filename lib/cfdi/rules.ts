// SAT's catalogue rules on an invoice's receiver that the XML schema cannot check (Plantel keeps a
// stub of catCFDI.xsd, see server/standards): a company's RFC has 12 characters and a person's 13,
// each fiscal regime and each CFDI use is for people, companies or both, and each CFDI use is
// allowed only with some receiver regimes (c_UsoCFDI's "Régimen Fiscal Receptor" column).
import { FOREIGN_RFC, PUBLIC_RFC } from './build';

export type CatalogEntry = { code: string; natural: boolean; moral: boolean };
export type ReceiverFacts = { rfc: string; regime: CatalogEntry | null; use: (CatalogEntry & { regimes: readonly string[] }) | null };
export type ReceiverProblem = { field: 'rfc' | 'receiver_regime_id' | 'cfdi_type_id'; key: string; values?: Record<string, string> };

export function receiverProblems(receiver: ReceiverFacts): ReceiverProblem[] {
  const problems: ReceiverProblem[] = [];
  // The generic RFCs take SAT's fixed regime and use (build.ts writes them).
  if (receiver.rfc === PUBLIC_RFC || receiver.rfc === FOREIGN_RFC) return problems;
  const person = receiver.rfc.length === 13;
  if (!receiver.regime) problems.push({ field: 'receiver_regime_id', key: 'errors.required' });
  else if (person ? !receiver.regime.natural : !receiver.regime.moral) {
    problems.push({ field: 'receiver_regime_id', key: person ? 'invoicing.rules.regime_not_for_person' : 'invoicing.rules.regime_not_for_company', values: { regime: receiver.regime.code } });
  }
  if (!receiver.use) problems.push({ field: 'cfdi_type_id', key: 'errors.required' });
  else {
    if (person ? !receiver.use.natural : !receiver.use.moral) problems.push({ field: 'cfdi_type_id', key: person ? 'invoicing.rules.use_not_for_person' : 'invoicing.rules.use_not_for_company', values: { use: receiver.use.code } });
    else if (receiver.regime && receiver.use.regimes.length && !receiver.use.regimes.includes(receiver.regime.code)) {
      problems.push({ field: 'cfdi_type_id', key: 'invoicing.rules.use_not_for_regime', values: { use: receiver.use.code, regime: receiver.regime.code } });
    }
  }
  return problems;
}

/** The only CFDI use the IEDU complement (iedu:instEducativas) goes with: D10, the tuition a parent
 * deducts (domain.md). On any other use SAT's deduction does not apply and the complement misleads. */
export const IEDU_USE = 'D10';

/** Whether an invoice of this CFDI use may carry lines with the IEDU complement. */
export function ieduAllowed(use: string | null | undefined): boolean {
  return use === IEDU_USE;
}

/** SAT's TipoRelacion of a CFDI that replaces earlier ones (sustitución de los CFDI previos). */
export const SUBSTITUTION_RELATION = '04';

export type SubstituteFacts = { status: string; uuid: string | null; type_relation: string | null; related_uuids: readonly string[] };

/**
 * Why an invoice cannot be the substitute named by a cancellation with reason 01, or null when it
 * can: it must be stamped, another invoice than the one cancelled, and related to that one's UUID
 * with TipoRelacion 04 — that relation is what tells SAT it replaces it.
 */
export function substituteProblem(cancelledUuid: string, substitute: SubstituteFacts | null): 'substitute_unknown' | 'substitute_not_related' | null {
  if (!substitute || substitute.status !== 'STAMPED' || !substitute.uuid || substitute.uuid === cancelledUuid) return 'substitute_unknown';
  const related = substitute.related_uuids.map((uuid) => uuid.toUpperCase());
  if (substitute.type_relation !== SUBSTITUTION_RELATION || !related.includes(cancelledUuid.toUpperCase())) return 'substitute_not_related';
  return null;
}
