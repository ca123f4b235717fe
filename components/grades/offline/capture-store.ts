// Where the capture sheet keeps typed scores until the server has them: IndexedDB (issue 32), so
// they survive a reload, a closed tab or a lost connection. A few lines over the browser's own API
// instead of a package: one store of changes keyed by their idempotency key, read per teacher,
// class and partial, and a note of whose they are. Every function resolves (never throws): a
// browser without IndexedDB (private mode of some browsers) simply keeps nothing, and the sheet
// says so.
import type { PendingChange } from '@/lib/grades/capture-queue';
import { clearOfflineCaches } from '@/lib/offline-caches';

const DB_NAME = 'plantel-capture';
const CHANGES = 'changes';
const META = 'meta';

let opening: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        const changes = db.createObjectStore(CHANGES, { keyPath: 'key' });
        changes.createIndex('sheet', ['user_id', 'schedule_id', 'partial_id']);
        db.createObjectStore(META, { keyPath: 'name' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/** Runs `work` in one transaction; resolves with its result once the transaction committed. */
async function inTransaction<T>(mode: IDBTransactionMode, work: (tx: IDBTransaction) => T | Promise<T>): Promise<{ ok: boolean; value: T | null }> {
  const db = await database();
  if (!db) return { ok: false, value: null };
  try {
    const tx = db.transaction([CHANGES, META], mode);
    const done = new Promise<boolean>((resolve) => {
      tx.oncomplete = () => resolve(true);
      tx.onerror = () => resolve(false);
      tx.onabort = () => resolve(false);
    });
    const value = await work(tx);
    return { ok: await done, value };
  } catch {
    return { ok: false, value: null };
  }
}

const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

export type SheetRef = { user_id: number; schedule_id: number; partial_id: number };

/** Whether this browser keeps data on the device at all. */
export async function deviceStorage(): Promise<boolean> {
  return (await database()) !== null;
}

/** The changes kept for one sheet of one teacher. */
export async function loadChanges(sheet: SheetRef): Promise<PendingChange[]> {
  const { value } = await inTransaction('readonly', (tx) => result(tx.objectStore(CHANGES).index('sheet').getAll([sheet.user_id, sheet.schedule_id, sheet.partial_id])) as Promise<PendingChange[]>);
  return value ?? [];
}

/** Makes the kept changes of a sheet exactly `changes` (what the sheet holds after an edit or an answer). */
export async function saveChanges(sheet: SheetRef, changes: readonly PendingChange[]): Promise<boolean> {
  const { ok } = await inTransaction('readwrite', async (tx) => {
    const store = tx.objectStore(CHANGES);
    const keys = (await result(store.index('sheet').getAllKeys([sheet.user_id, sheet.schedule_id, sheet.partial_id]))) as string[];
    const keep = new Set(changes.map((change) => change.key));
    for (const key of keys) if (!keep.has(key)) store.delete(key);
    // `sending` is the moment's state, never kept: a change kept while on its way is sent again
    // (with its key) after a reload.
    for (const change of changes) store.put({ ...change, sending: false });
  });
  return ok;
}

/**
 * The device is now used by `userId`: the changes other users left here and the service worker's
 * copies of their pages and data are deleted (a shared classroom computer must not show them).
 */
export function claimDevice(userId: number): Promise<void> {
  // One claim per user while the page lives (another user signing in on it claims again): the
  // service worker's copies are kept only after it settled, since a claim that deletes another
  // user's copies must not delete the ones this page just made.
  if (lastClaim?.userId !== userId) lastClaim = { userId, done: claimOnce(userId) };
  return lastClaim.done;
}

let lastClaim: { userId: number; done: Promise<void> } | null = null;

async function claimOnce(userId: number): Promise<void> {
  let changedHands = false;
  await inTransaction('readwrite', async (tx) => {
    const meta = tx.objectStore(META);
    const owner = (await result(meta.get('owner'))) as { name: string; user_id: number } | undefined;
    if (owner?.user_id === userId) return;
    changedHands = true;
    const changes = tx.objectStore(CHANGES);
    const all = (await result(changes.getAll())) as PendingChange[];
    for (const change of all) if (change.user_id !== userId) changes.delete(change.key);
    meta.put({ name: 'owner', user_id: userId });
  });
  if (changedHands) await clearOfflineCaches();
}
