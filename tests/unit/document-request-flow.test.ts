// A document request's way: each event in each state, as a table (lib/documents/request-flow.ts).
import { describe, expect, it } from 'vitest';
import { type DocumentRequestStatus, type RequestEvent, DOCUMENT_REQUEST_STATUSES, canStep, requestMove } from '@/lib/documents/request-flow';

type Case = [DocumentRequestStatus, boolean, RequestEvent, DocumentRequestStatus | string];

// [state, charged, event, the state it leads to or the message refusing it]
const CASES: Case[] = [
  ['PENDING_PAYMENT', true, 'paid', 'PAID'],
  ['PAID', true, 'paid', 'PAID'],
  ['ISSUED', true, 'paid', 'ISSUED'],
  ['CANCELLED', true, 'paid', 'CANCELLED'],
  ['PAID', true, 'unpaid', 'PENDING_PAYMENT'],
  ['PAID', false, 'unpaid', 'PAID'],
  ['ISSUED', true, 'unpaid', 'ISSUED'],
  ['DELIVERED', true, 'unpaid', 'DELIVERED'],
  ['PENDING_PAYMENT', true, 'unpaid', 'PENDING_PAYMENT'],
  ['PENDING_PAYMENT', true, 'charge_cancelled', 'CANCELLED'],
  ['PAID', true, 'charge_cancelled', 'PAID'],
  ['ISSUED', true, 'charge_cancelled', 'ISSUED'],
  ['PAID', true, 'issue', 'ISSUED'],
  ['PAID', false, 'issue', 'ISSUED'],
  ['PENDING_PAYMENT', true, 'issue', 'requests.errors.not_paid'],
  ['ISSUED', true, 'issue', 'requests.errors.already_issued'],
  ['DELIVERED', true, 'issue', 'requests.errors.already_issued'],
  ['CANCELLED', true, 'issue', 'requests.errors.cancelled'],
  ['ISSUED', true, 'deliver', 'DELIVERED'],
  ['DELIVERED', true, 'deliver', 'requests.errors.already_delivered'],
  ['PAID', true, 'deliver', 'requests.errors.not_issued'],
  ['PENDING_PAYMENT', true, 'deliver', 'requests.errors.not_issued'],
  ['CANCELLED', false, 'deliver', 'requests.errors.cancelled'],
  ['PENDING_PAYMENT', true, 'cancel', 'CANCELLED'],
  ['PAID', true, 'cancel', 'requests.errors.cancel_paid'],
  ['PAID', false, 'cancel', 'CANCELLED'],
  ['ISSUED', false, 'cancel', 'requests.errors.cancel_issued'],
  ['DELIVERED', true, 'cancel', 'requests.errors.cancel_issued'],
  ['CANCELLED', true, 'cancel', 'requests.errors.already_cancelled'],
];

describe('requestMove', () => {
  it.each(CASES)('%s (charged: %s) + %s → %s', (status, charged, event, expected) => {
    const move = requestMove({ status, charged }, event);
    if ((DOCUMENT_REQUEST_STATUSES as readonly string[]).includes(expected)) expect(move).toEqual({ ok: true, to: expected });
    else expect(move).toEqual({ ok: false, reason: expected });
  });

  it('answers every event in every state', () => {
    for (const status of DOCUMENT_REQUEST_STATUSES) {
      for (const event of ['paid', 'unpaid', 'charge_cancelled', 'issue', 'deliver', 'cancel'] as const) {
        for (const charged of [true, false]) expect(requestMove({ status, charged }, event)).toBeDefined();
      }
    }
  });

  it('offers a step only where it works', () => {
    expect(canStep({ status: 'PAID', charged: true }, 'issue')).toBe(true);
    expect(canStep({ status: 'PAID', charged: true }, 'cancel')).toBe(false);
    expect(canStep({ status: 'ISSUED', charged: true }, 'deliver')).toBe(true);
    expect(canStep({ status: 'DELIVERED', charged: true }, 'deliver')).toBe(false);
  });
});
