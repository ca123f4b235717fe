'use client';
// The teacher's capture sheet with its changes kept on the device (issue 32): every edit is stored
// in IndexedDB at once; once the teacher saves, the changes are sent in the order typed, one
// request each with its idempotency key — at once if there is a connection, else when it returns
// (and every half minute while some wait, for a connection that fails without going offline). What the server refuses stays, with its message, for the teacher to fix or discard; a
// cell someone else changed meanwhile comes back as a conflict for the teacher to decide. The
// service worker that opens the sheet offline is registered here, so only this screen has one.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import type { AnswerOf } from '@/lib/contracts/contract';
import { captureChange } from '@/lib/contracts/capture-calls';
import { type CaptureConflict, type PendingChange, cellOf, keepMine, newChangeKey, recordEdit, submitAll, toSend } from '@/lib/grades/capture-queue';
import { claimDevice, deviceStorage, loadChanges, saveChanges } from './capture-store';

/** The service worker's scope: the capture screen, and nothing else of the app. */
const SCOPE = '/teacher/scores/';
const RETRY_MS = 30_000;
const NONE: PendingChange[] = [];

type Options = {
  enabled: boolean;
  userId: number;
  scheduleId: number | null;
  partialId: number | null;
  /** A change the server applied, with the cell as it now holds it. */
  onApplied: (answer: AnswerOf<typeof captureChange>) => void;
  /** After a round of sending that got answers (the sheet is read again). */
  onSent: (count: number) => void;
  /** Pages and data the service worker keeps for offline use (the teacher's open classes). */
  keepUrls: readonly string[];
  /** Register the service worker (production builds). */
  serviceWorker: boolean;
  /**
   * Loads the parts of the screen that load on demand (a notice, a panel) while there is a
   * connection, before the worker is asked to keep the page's scripts: shown offline for the first
   * time, such a part would otherwise have no script to load. A stable function (a module's).
   */
  preload?: () => Promise<unknown>;
};

export type SyncOutcome = { sent: number; refused: number; conflicts: number; unsent: number };

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const onConnection = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

export function useOfflineCapture({ enabled, userId, scheduleId, partialId, onApplied, onSent, keepUrls, serviceWorker, preload }: Options) {
  // The changes on screen, and the sheet they were read for (another sheet shows none until its own are read).
  const [held, setHeld] = useState<{ sheet: string | null; changes: PendingChange[] }>({ sheet: null, changes: [] });
  const [durable, setDurable] = useState<boolean | null>(null);
  const connected = useSyncExternalStore(onConnection, online, () => true);
  const [sending, setSending] = useState(false);
  /** The service worker has kept this page and the open classes' data: the sheet opens offline. */
  const [offlineReady, setOfflineReady] = useState(false);
  const queue = useRef<PendingChange[]>([]);
  /** The sheet whose kept changes have been read from the device. */
  const loadedFor = useRef<string | null>(null);
  const sheetRef = useRef<{ user_id: number; schedule_id: number; partial_id: number } | null>(null);
  const syncing = useRef<Promise<SyncOutcome> | null>(null);
  const sentCallback = useRef(onSent);
  const appliedCallback = useRef(onApplied);
  useEffect(() => {
    sentCallback.current = onSent;
    appliedCallback.current = onApplied;
  });

  const sheet = enabled && scheduleId && partialId ? { user_id: userId, schedule_id: scheduleId, partial_id: partialId } : null;
  const sheetKey = sheet ? `${sheet.user_id}:${sheet.schedule_id}:${sheet.partial_id}` : null;

  /** The queue becomes `next`: on screen at once, on the device right after. */
  const commit = useCallback((next: PendingChange[]) => {
    queue.current = next;
    const target = sheetRef.current;
    const key = target ? `${target.user_id}:${target.schedule_id}:${target.partial_id}` : null;
    setHeld({ sheet: key, changes: next });
    // Until the device's changes for this sheet are read, writing would replace them.
    if (target && loadedFor.current === key) void saveChanges(target, next);
  }, []);
  const update = useCallback((key: string, patch: Partial<PendingChange> | null) => {
    commit(patch === null ? queue.current.filter((change) => change.key !== key) : queue.current.map((change) => (change.key === key ? { ...change, ...patch } : change)));
  }, [commit]);

  const sync = useCallback(
    (notes?: string | null): Promise<SyncOutcome> => {
      // The teacher saving is their answer to what was refused: sent again, with the note typed now
      // (a round already under way picks them up).
      if (notes !== undefined) {
        commit(submitAll(queue.current, notes));
      }
      if (syncing.current) return syncing.current;
      const run = async (): Promise<SyncOutcome> => {
        const outcome: SyncOutcome = { sent: 0, refused: 0, conflicts: 0, unsent: 0 };
        if (!online()) {
          outcome.unsent = toSend(queue.current).length;
          return outcome;
        }
        setSending(true);
        try {
          for (;;) {
            const next = toSend(queue.current)[0];
            if (!next) break;
            update(next.key, { sending: true });
            const answer = await callAction(captureChange, {
              body: { key: next.key, schedule_id: next.schedule_id, partial_id: next.partial_id, student_id: next.student_id, column: next.column, value: next.value, loaded: next.loaded, notes: next.notes ?? null },
              callType: 'capture-change',
            });
            if (answer.ok) {
              appliedCallback.current(answer.data);
              update(next.key, null);
              outcome.sent += 1;
              continue;
            }
            // No answer, the server busy or down, the session ended: kept as it is, sent later with the same key.
            if (answer.status === 0 || answer.status === 401 || answer.status === 429 || answer.status >= 500) {
              update(next.key, { sending: false });
              break;
            }
            const conflict = answer.status === 409 && answer.data.conflict && typeof answer.data.conflict === 'object' ? (answer.data.conflict as CaptureConflict) : null;
            const message = formatErrors(answer.data).join('\n') || null;
            if (conflict) outcome.conflicts += 1;
            else outcome.refused += 1;
            update(next.key, conflict ? { sending: false, state: 'conflict', message, conflict: { current: conflict.current, by: conflict.by, at: conflict.at } } : { sending: false, state: 'refused', message });
          }
        } finally {
          setSending(false);
        }
        outcome.unsent = toSend(queue.current).length;
        if (outcome.sent || outcome.conflicts || outcome.refused) sentCallback.current(outcome.sent);
        return outcome;
      };
      syncing.current = run().finally(() => {
        syncing.current = null;
      });
      return syncing.current;
    },
    [commit, update],
  );

  // The sheet's kept changes, read again for each teacher, class and partial; other users' leave the device.
  useEffect(() => {
    loadedFor.current = null;
    if (!sheet) {
      sheetRef.current = null;
      queue.current = [];
      return;
    }
    let live = true;
    sheetRef.current = sheet;
    queue.current = [];
    void (async () => {
      const canKeep = await deviceStorage();
      await claimDevice(sheet.user_id);
      const kept = canKeep ? await loadChanges(sheet) : [];
      if (!live) return;
      setDurable(canKeep);
      loadedFor.current = sheetKey;
      // Anything typed while they were read is newer than what the device had for those cells.
      const typedMeanwhile = new Set(queue.current.map(cellOf));
      commit([...kept.filter((change) => !typedMeanwhile.has(cellOf(change))), ...queue.current]);
      if (kept.length && online()) void sync();
    })();
    return () => {
      live = false;
    };
    // sheetKey says everything `sheet` does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sheetKey, sync, commit]);

  // The connection: sent as soon as it returns, and tried again while changes wait.
  useEffect(() => {
    if (!enabled) return;
    const up = () => void sync();
    window.addEventListener('online', up);
    const timer = window.setInterval(() => {
      if (online() && toSend(queue.current).length) void sync();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', up);
      window.clearInterval(timer);
    };
  }, [enabled, sync]);

  // The service worker, on this screen only (its scope), and the teacher's open classes kept for offline use.
  const urlsKey = keepUrls.join('\n');
  useEffect(() => {
    if (!enabled || !serviceWorker || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
    let cancelled = false;
    let worker: ServiceWorker | null = null;
    let round = 0;
    let attempts = 0;
    let retry: number | undefined;
    const page = window.location.pathname;
    // Asks the worker to keep `urls`; each request has its id, so an answer to an earlier one (this
    // effect run again with more classes) never counts for this one.
    const ask = (urls: string[]) => {
      round += 1;
      attempts += 1;
      worker?.postMessage({ type: 'keep', id: `${page}#${round}`, urls });
    };
    const kept = (event: MessageEvent<{ type?: string; id?: string; failed?: string[] }>) => {
      if (event.data?.type !== 'kept' || cancelled || event.data.id !== `${page}#${round}`) return;
      const failed = event.data.failed ?? [];
      // Ready offline only once the page itself is kept; what failed is asked for again (a busy
      // server, a moment without connection), a few times.
      if (!failed.includes(page)) setOfflineReady(true);
      if (failed.length && attempts < 4) retry = window.setTimeout(() => online() && ask(failed), 1500 * attempts);
    };
    navigator.serviceWorker.addEventListener('message', kept);
    navigator.serviceWorker.startMessages();
    void (async () => {
      try {
        // Not `serviceWorker.ready`: a page opened from Mis clases without a reload is a document of
        // another address, outside the scope, and `ready` would wait for ever.
        // The device is this teacher's first: claiming it deletes another user's kept copies, and
        // must never delete the ones asked for below.
        await claimDevice(userId);
        if (cancelled) return;
        worker = await activeWorker(await navigator.serviceWorker.register('/sw.js', { scope: SCOPE }));
        if (cancelled || !online() || !worker) return;
        await preload?.().catch(() => undefined);
        if (cancelled || !online()) return;
        // The page the teacher is on, and its scripts, were loaded before the worker existed: kept with the others.
        const scripts = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name, window.location.origin))
          .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/_next/static/'))
          .map((url) => url.pathname + url.search);
        ask([page, ...scripts, ...urlsKey.split('\n').filter(Boolean)]);
      } catch {
        // Without a service worker the sheet still keeps its changes; it just does not open offline.
      }
    })();
    return () => {
      cancelled = true;
      window.clearTimeout(retry);
      navigator.serviceWorker.removeEventListener('message', kept);
    };
  }, [enabled, serviceWorker, urlsKey, preload, userId]);

  const record = useCallback(
    (edit: { student_id: number; column: string; value: string; loaded: string }) => {
      const target = sheetRef.current;
      if (!target) return;
      // Typed order, even for two edits within the same millisecond.
      const seq = Math.max(Date.now(), ...queue.current.map((change) => change.seq + 1));
      const key = newChangeKey();
      const next = recordEdit(queue.current, { ...target, ...edit, key, seq });
      // Typed without a connection, a score is already where Guardar would put it for now (this
      // device): it goes to the server by itself when the connection returns, and a change the
      // server then refuses (a changed score without its note) waits on the sheet with the message.
      commit(online() ? next : next.map((change) => (change.key === key ? { ...change, submitted: true } : change)));
    },
    [commit],
  );
  const discard = useCallback((key: string) => update(key, null), [update]);
  const keepMineOver = useCallback(
    (key: string) => {
      const change = queue.current.find((candidate) => candidate.key === key);
      if (!change) return;
      commit(queue.current.map((candidate) => (candidate.key === key ? keepMine(candidate, newChangeKey()) : candidate)));
      void sync();
    },
    [commit, sync],
  );

  const changes = held.sheet !== null && held.sheet === sheetKey ? held.changes : NONE;
  return { changes, durable, connected, sending, offlineReady, record, sync, discard, keepMine: keepMineOver };
}

/** The registration's worker once it is active (a first registration installs it first). */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.active) return Promise.resolve(registration.active);
  const coming = registration.installing ?? registration.waiting;
  if (!coming) return Promise.resolve(null);
  return new Promise((resolve) => {
    const changed = () => {
      if (coming.state === 'activated') resolve(coming);
      else if (coming.state === 'redundant') resolve(registration.active);
      else return;
      coming.removeEventListener('statechange', changed);
    };
    coming.addEventListener('statechange', changed);
  });
}

/** The page and data URLs of the classes' open partials, for the service worker to keep. */
export function offlineUrls(classes: readonly { schedule_id: number; partial_id: number }[], sheetUrl: (schedule: number, partial: number) => string): string[] {
  return classes.flatMap(({ schedule_id, partial_id }) => [`${SCOPE}${partial_id}/${schedule_id}`, sheetUrl(schedule_id, partial_id)]);
}
