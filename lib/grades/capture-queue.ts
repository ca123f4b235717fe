// The capture sheet's changes kept on the teacher's device until the server has them (issue 32):
// one entry per cell, in the order typed, each with the idempotency key it is sent with and the
// value the sheet showed before the edit (the server compares it with its own to detect that
// someone else changed the score meanwhile). Pure: the browser's IndexedDB store
// (components/grades/offline/) and the server's capture_change/ action both follow these rules.
import { compare, parseDecimal } from './decimal';

/** `score` (a typed partial) or a factor's id. */
export type CaptureColumn = string;

export type PendingState = 'pending' | 'refused' | 'conflict';

/** What the server had when a change arrived after someone else changed the cell. */
export type CaptureConflict = { current: string; by: string | null; at: string | null };

export type PendingChange = {
  /** Idempotency key: a retry of the same change carries the same key. */
  key: string;
  user_id: number;
  schedule_id: number;
  partial_id: number;
  student_id: number;
  column: CaptureColumn;
  /** As typed; '' empties the cell. */
  value: string;
  /** The cell's value on the sheet before the teacher's first edit of it. */
  loaded: string;
  /** Order typed: later edits are sent later. */
  seq: number;
  state: PendingState;
  /** The note for a changed captured score, given when the teacher asked to send. */
  notes?: string | null;
  /** Why the server refused it (its message), or what it answered about a conflict. */
  message?: string | null;
  conflict?: CaptureConflict | null;
  /** The teacher asked to send it (Guardar): only then is it sent, now or when the connection returns. */
  submitted?: boolean;
  /** Set while a request carrying this key is on its way (an edit then starts a new entry). */
  sending?: boolean;
};

const NUMBER = /^(\d*)(?:\.(\d*))?$/;

/** A cell's text as the server compares it: '' for empty, NP in capitals, numbers without padding zeros. */
export function scoreText(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return '';
  if (text.toUpperCase() === 'NP') return 'NP';
  const number = NUMBER.exec(text);
  if (!number || (!number[1] && !number[2])) return text;
  const whole = number[1].replace(/^0+(?=\d)/, '') || '0';
  const fraction = (number[2] ?? '').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Whether two cells hold the same score: 9.50 is 9.5, np is NP, empty is empty (exact decimals, lib/grades/decimal). */
export function sameScore(a: string | null | undefined, b: string | null | undefined): boolean {
  const [left, right] = [scoreText(a), scoreText(b)];
  if (left === right) return true;
  const [x, y] = [parseDecimal(left), parseDecimal(right)];
  return !!x && !!y && compare(x, y) === 0;
}

/**
 * What the server does with a change given the cell's value now: apply it when the value is still
 * the one the teacher loaded; nothing when it already holds the teacher's value (a retry whose first
 * answer was lost, or two people typing the same); otherwise a conflict for the teacher to decide.
 */
export function conflictDecision(change: { loaded: string | null; value: string | null }, current: string | null): 'apply' | 'already' | 'conflict' {
  if (sameScore(current, change.value)) return 'already';
  if (sameScore(current, change.loaded)) return 'apply';
  return 'conflict';
}

export const cellOf = (change: Pick<PendingChange, 'student_id' | 'column'>) => `${change.student_id}:${change.column}`;

/**
 * The queue after an edit of one cell. An edit of a cell already waiting replaces it (one entry per
 * cell, with a new key, since what is sent changed; it moves to the end: the latest edit is sent
 * last); an edit back to the loaded value drops it (nothing left to send). A change whose request
 * is on its way is left alone and the edit starts a new entry loaded with the value being sent.
 */
export function recordEdit(
  queue: readonly PendingChange[],
  edit: Omit<PendingChange, 'state' | 'message' | 'conflict' | 'sending' | 'submitted' | 'notes' | 'loaded'> & { loaded: string },
): PendingChange[] {
  const cell = cellOf(edit);
  const inFlight = queue.find((change) => cellOf(change) === cell && change.sending);
  const waiting = queue.find((change) => cellOf(change) === cell && !change.sending);
  const loaded = inFlight ? inFlight.value : (waiting?.loaded ?? edit.loaded);
  const rest = queue.filter((change) => change !== waiting);
  if (sameScore(edit.value, loaded) && !waiting?.conflict) return rest;
  // A conflict keeps the server's value it was shown: editing over it is the teacher's answer.
  // A new value waits for the teacher's Guardar, as typing on a sheet always has.
  const next: PendingChange = { ...edit, loaded: waiting?.conflict ? waiting.conflict.current : loaded, state: 'pending', submitted: false, notes: waiting?.notes ?? null, message: null, conflict: null };
  if (waiting?.conflict && sameScore(edit.value, next.loaded)) return rest;
  return [...rest, next];
}

/** The changes to send now, in the order typed: those the teacher saved (refused ones and conflicts wait for the teacher). */
export function toSend(queue: readonly PendingChange[]): PendingChange[] {
  return queue.filter((change) => change.state === 'pending' && change.submitted && !change.sending).sort((a, b) => a.seq - b.seq);
}

/** Guardar: every change not decided against is to be sent, with the note typed now (or the one it had). */
export function submitAll(queue: readonly PendingChange[], notes: string | null): PendingChange[] {
  return queue.map((change) => (!change.sending && (change.state === 'refused' || change.state === 'pending') ? { ...change, state: 'pending', submitted: true, message: null, notes: notes || change.notes || null } : change));
}

/** The teacher keeps their value over the server's: sent again, now over the value they were shown. */
export function keepMine(change: PendingChange, key: string): PendingChange {
  return { ...change, key, loaded: change.conflict?.current ?? change.loaded, state: 'pending', submitted: true, message: null, conflict: null };
}

/** Typed values by student and column, as the sheet overlays them on what the server sent. */
export function typedValues(queue: readonly PendingChange[]): Record<number, Record<string, string>> {
  const typed: Record<number, Record<string, string>> = {};
  for (const change of [...queue].sort((a, b) => a.seq - b.seq)) (typed[change.student_id] ??= {})[change.column] = change.value;
  return typed;
}

/**
 * An idempotency key. crypto.randomUUID exists only in secure contexts (a school's server reached
 * over plain http on its network is not one); getRandomValues exists everywhere.
 */
export function newChangeKey(random: (bytes: Uint8Array) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
