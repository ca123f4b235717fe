// A record's state as a coloured label, by the spec's rules (section 4): a sale is CANCELADA when
// cancelled, PAGADA when paid, PENDIENTE otherwise; a re-enrolment in Payment is a warning, done
// (Reinscription) a success, anything else (pending, cancelled) a danger.
import { HISTORY_TYPES, isHistoryType } from '../history-text';

export type StateColor = 'success' | 'warning' | 'error' | 'default' | 'info';
export type StateBadge = { key: string; color: StateColor };
export type StateKind = 'sale' | 'reinscription' | 'history';

export const STATES: Readonly<Record<StateKind, (row: Record<string, unknown>) => StateBadge>> = {
  sale: (row) => {
    if (row.id === undefined || row.id === null) return { key: 'resource.states.sale.NUEVA', color: 'info' };
    if (row.status === false) return { key: 'resource.states.sale.CANCELADA', color: 'error' };
    return row.paid === true ? { key: 'resource.states.sale.PAGADA', color: 'success' } : { key: 'resource.states.sale.PENDIENTE', color: 'warning' };
  },
  // A history row's kind of change (the audit screen): Alta, Modificación, Baja.
  history: (row) => HISTORY_TYPES[isHistoryType(row.type) ? row.type : '~'],
  reinscription: (row) => {
    const status = String(row.reinscription_status ?? '');
    const key = `enums.ReinscriptionStatus.${status}`;
    if (row.status === false) return { key: 'enums.ReinscriptionStatus.Cancelled', color: 'error' };
    return { key, color: status === 'Payment' ? 'warning' : status === 'Reinscription' ? 'success' : 'error' };
  },
};

export function stateOf(kind: StateKind, row: Record<string, unknown> | null | undefined): StateBadge | null {
  return row && typeof row === 'object' ? STATES[kind](row) : null;
}
