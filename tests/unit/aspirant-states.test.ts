// The applicant's state machine, as a table: every action from every status, active or not, is
// either the one allowed move or a refusal that names the states.
import { describe, expect, it } from 'vitest';
import { ASPIRANT_ACTIONS, ASPIRANT_STATUSES, type AspirantAction, type AspirantStatus, actionsFrom, aspirantTransition } from '@/lib/admissions/aspirant-states';

// For an active applicant: where each action leads from each status; '-' is refused. delete and
// reactivate keep the status (they change the active flag).
const ACTIVE: Record<AspirantAction, Record<AspirantStatus, AspirantStatus | '-'>> = {
  review: { PRE: 'REV', REV: '-', PEND: '-', PAY: '-', INS: '-' },
  generate_payment: { PRE: '-', REV: 'PEND', PEND: 'PEND', PAY: '-', INS: '-' },
  paid: { PRE: '-', REV: '-', PEND: 'PAY', PAY: '-', INS: '-' },
  unpaid: { PRE: '-', REV: '-', PEND: '-', PAY: 'PEND', INS: '-' },
  reset: { PRE: '-', REV: 'PRE', PEND: 'PRE', PAY: '-', INS: '-' },
  delete: { PRE: 'PRE', REV: 'REV', PEND: 'PEND', PAY: 'PAY', INS: '-' },
  reactivate: { PRE: '-', REV: '-', PEND: '-', PAY: '-', INS: '-' },
  convert: { PRE: '-', REV: '-', PEND: '-', PAY: 'INS', INS: '-' },
};

describe('an active applicant', () => {
  const cases = ASPIRANT_ACTIONS.flatMap((action) => ASPIRANT_STATUSES.map((status) => [action, status, ACTIVE[action][status]] as const));
  it.each(cases)('%s from %s -> %s', (action, status, expected) => {
    const result = aspirantTransition({ status, is_active: true }, action);
    if (expected === '-') {
      expect(result.ok).toBe(false);
      if (!result.ok && action !== 'reactivate') expect(result).toMatchObject({ reason: 'status', from: status });
      if (!result.ok && action === 'reactivate') expect(result).toEqual({ ok: false, reason: 'active' });
    } else {
      expect(result).toEqual({ ok: true, to: { status: expected, is_active: action !== 'delete' } });
    }
  });

  it('names the statuses a refused action needs', () => {
    expect(aspirantTransition({ status: 'PRE', is_active: true }, 'convert')).toEqual({ ok: false, reason: 'status', from: 'PRE', allowed: ['PAY'] });
    expect(aspirantTransition({ status: 'PAY', is_active: true }, 'reset')).toEqual({ ok: false, reason: 'status', from: 'PAY', allowed: ['REV', 'PEND'] });
  });
});

describe('an inactive applicant', () => {
  it.each(ASPIRANT_STATUSES.filter((status) => status !== 'INS'))('from %s only reactivates, keeping the status', (status) => {
    for (const action of ASPIRANT_ACTIONS.filter((name) => name !== 'reactivate')) {
      expect(aspirantTransition({ status, is_active: false }, action)).toEqual({ ok: false, reason: 'inactive' });
    }
    expect(aspirantTransition({ status, is_active: false }, 'reactivate')).toEqual({ ok: true, to: { status, is_active: true } });
    expect(actionsFrom({ status, is_active: false })).toEqual(['reactivate']);
  });
});

describe('the actions a screen offers', () => {
  it.each([
    ['PRE', ['review', 'delete']],
    ['REV', ['generate_payment', 'reset', 'delete']],
    ['PEND', ['generate_payment', 'paid', 'reset', 'delete']],
    ['PAY', ['unpaid', 'delete', 'convert']],
    ['INS', []],
  ] as const)('from %s: %j', (status, actions) => {
    expect(actionsFrom({ status, is_active: true })).toEqual(actions);
  });
});
