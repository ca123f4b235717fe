// A document request's way (issue 30), as data: which states there are and what each event does in
// each. The server moves a request only through requestMove; the screens read it to offer only
// the buttons that would work.
//
//   PENDING_PAYMENT ──paid──▶ PAID ──issue──▶ ISSUED ──deliver──▶ DELIVERED
//          ▲                   │
//          └──────unpaid───────┘     (a payment cancelled before the documents were issued)
//   PENDING_PAYMENT, or PAID without a charge ──cancel / charge_cancelled──▶ CANCELLED

export const DOCUMENT_REQUEST_STATUSES = ['PENDING_PAYMENT', 'PAID', 'ISSUED', 'DELIVERED', 'CANCELLED'] as const;
export type DocumentRequestStatus = (typeof DOCUMENT_REQUEST_STATUSES)[number];

/** Copies a request may ask for: each one an original with its own folio. */
export const MIN_COPIES = 1;
export const MAX_COPIES = 10;

/**
 * What happens to a request: its sale paid, no longer paid (a payment cancelled) or cancelled by
 * finance (the events of the sale it follows), or a person's step (issue, deliver, cancel).
 */
export type RequestEvent = 'paid' | 'unpaid' | 'charge_cancelled' | 'issue' | 'deliver' | 'cancel';

/** `charged`: the request has a sale (a free one has none, so nothing was paid to give back). */
export type RequestFacts = { status: DocumentRequestStatus; charged: boolean };

/** The state an event leads to, or the message (requests namespace) of why it may not happen. */
export type RequestMove = { ok: true; to: DocumentRequestStatus } | { ok: false; reason: string };

const stay = (facts: RequestFacts): RequestMove => ({ ok: true, to: facts.status });
const refuse = (reason: string): RequestMove => ({ ok: false, reason: `requests.errors.${reason}` });

export function requestMove(facts: RequestFacts, event: RequestEvent): RequestMove {
  const { status, charged } = facts;
  switch (event) {
    // The sale's events follow it where they mean something, and leave the request as it is elsewhere:
    // a payment cancelled after the documents were issued does not take the documents back.
    case 'paid':
      return status === 'PENDING_PAYMENT' ? { ok: true, to: 'PAID' } : stay(facts);
    case 'unpaid':
      return status === 'PAID' && charged ? { ok: true, to: 'PENDING_PAYMENT' } : stay(facts);
    case 'charge_cancelled':
      return status === 'PENDING_PAYMENT' ? { ok: true, to: 'CANCELLED' } : stay(facts);
    case 'issue':
      if (status === 'PAID') return { ok: true, to: 'ISSUED' };
      if (status === 'PENDING_PAYMENT') return refuse('not_paid');
      if (status === 'CANCELLED') return refuse('cancelled');
      return refuse('already_issued');
    case 'deliver':
      if (status === 'ISSUED') return { ok: true, to: 'DELIVERED' };
      if (status === 'DELIVERED') return refuse('already_delivered');
      if (status === 'CANCELLED') return refuse('cancelled');
      return refuse('not_issued');
    case 'cancel':
      if (status === 'PENDING_PAYMENT') return { ok: true, to: 'CANCELLED' };
      // Money came in: giving it back is a person's decision at the counter (cancel the payment first).
      if (status === 'PAID') return charged ? refuse('cancel_paid') : { ok: true, to: 'CANCELLED' };
      if (status === 'CANCELLED') return refuse('already_cancelled');
      // Its documents are out: they are revoked (with a reason) on their own page, not by cancelling.
      return refuse('cancel_issued');
  }
}

/** Whether a person's step is open in a state (the screens' buttons). */
export function canStep(facts: RequestFacts, event: 'issue' | 'deliver' | 'cancel'): boolean {
  return requestMove(facts, event).ok;
}
