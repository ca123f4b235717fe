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
