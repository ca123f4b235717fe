// What Plantel asks of a PAC (proveedor autorizado de certificación): stamp a sealed CFDI, and
// cancel a stamped one with SAT's reason. One interface; Finkok's SOAP service is the real client
// (finkok.ts) and a local fake of that protocol stamps and cancels in tests and the demo (fake.ts).

export type StampAnswer =
  | { ok: true; xml: string; uuid: string; stampedAt: string }
  | { ok: false; code: string; message: string };

/** SAT's cancellation reasons: 01 with a replacing invoice, 02 errors without relation, 03 not done, 04 global invoice. */
export type CancelReason = '01' | '02' | '03' | '04';

export type CancelRequest = {
  uuid: string;
  issuerRfc: string;
  receiverRfc: string;
  total: string;
  reason: CancelReason;
  /** The replacing invoice's UUID (reason 01 only). */
  substitute: string | null;
  /** The school's CSD, which signs the cancellation request. */
  csd: { certificate: string; keyDer: Buffer; password: string };
};

export type CancelAnswer =
  /** CANCELLED at once, or CANCEL_REQUESTED while the receiver has to accept it (SAT's rule). */
  | { ok: true; status: 'CANCELLED' | 'CANCEL_REQUESTED'; message: string }
  | { ok: false; code: string; message: string };

export interface Pac {
  readonly name: string;
  stamp(xml: string): Promise<StampAnswer>;
  cancel(request: CancelRequest): Promise<CancelAnswer>;
  /** Where a requested cancellation stands now. */
  cancelStatus(request: Pick<CancelRequest, 'uuid' | 'issuerRfc' | 'receiverRfc' | 'total'>): Promise<CancelAnswer>;
}

/** The PAC could not be reached or answered something that is not its protocol. */
export class PacUnavailable extends Error {}
