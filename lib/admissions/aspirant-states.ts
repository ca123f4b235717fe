// The applicant's way through admissions (design/domain.md "Admissions"), one table of allowed
// moves: PRE (pre-registered from the portal) → REV (reviewed, sent to collections) → PEND (the
// admission charge and its bank reference issued) → PAY (paid) → INS (converted to student). Staff
// may start over (back to PRE) before the money comes in, take an applicant off the board
// (inactive, nothing erased) and put them back. Every action asks this function first; a refused
// move names the states so the 409 says what is wrong.

export const ASPIRANT_STATUSES = ['PRE', 'REV', 'PEND', 'PAY', 'INS'] as const;
export type AspirantStatus = (typeof ASPIRANT_STATUSES)[number];

export const ASPIRANT_ACTIONS = ['review', 'generate_payment', 'paid', 'unpaid', 'reset', 'delete', 'reactivate', 'convert'] as const;
export type AspirantAction = (typeof ASPIRANT_ACTIONS)[number];

export type AspirantState = { status: AspirantStatus; is_active: boolean };

/** From which statuses each action moves, and where to (null: the status stays). */
const MOVES: Record<AspirantAction, { from: readonly AspirantStatus[]; to: AspirantStatus | null }> = {
  review: { from: ['PRE'], to: 'REV' },
  // Issued again while pending (a lost slip, a new amount): the same open charge, a fresh reference.
  generate_payment: { from: ['REV', 'PEND'], to: 'PEND' },
  // The charge's payment moves the applicant; a cancelled payment before conversion moves them back.
  paid: { from: ['PEND'], to: 'PAY' },
  unpaid: { from: ['PAY'], to: 'PEND' },
  // Starting over is for applicants whose money has not come in: a paid one keeps their payment.
  reset: { from: ['REV', 'PEND'], to: 'PRE' },
  // A converted applicant is a student now: taken off the board only as a student (a termination).
  delete: { from: ['PRE', 'REV', 'PEND', 'PAY'], to: null },
  reactivate: { from: ['PRE', 'REV', 'PEND', 'PAY'], to: null },
  convert: { from: ['PAY'], to: 'INS' },
};

export type Transition =
  | { ok: true; to: AspirantState }
  | { ok: false; reason: 'status'; from: AspirantStatus; allowed: readonly AspirantStatus[] }
  | { ok: false; reason: 'inactive' | 'active' };

/** Whether `action` may be taken on an applicant in `state`, and the state it leaves them in. */
export function aspirantTransition(state: AspirantState, action: AspirantAction): Transition {
  const move = MOVES[action];
  if (action === 'reactivate') {
    if (state.is_active) return { ok: false, reason: 'active' };
  } else if (!state.is_active) return { ok: false, reason: 'inactive' };
  if (!move.from.includes(state.status)) return { ok: false, reason: 'status', from: state.status, allowed: move.from };
  const is_active = action === 'delete' ? false : action === 'reactivate' ? true : state.is_active;
  return { ok: true, to: { status: move.to ?? state.status, is_active } };
}

/** The statuses an action may start from (for screens that offer only what can be done). */
export function actionsFrom(state: AspirantState): AspirantAction[] {
  return ASPIRANT_ACTIONS.filter((action) => aspirantTransition(state, action).ok);
}
