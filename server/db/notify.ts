// Messages between app instances through PostgreSQL's LISTEN/NOTIFY: an instance that changes
// something other instances keep in memory (a session ended, a role changed) says so, and every
// instance (itself included) hears it. NOTIFY inside a transaction is delivered at its commit.
//
// Each process keeps one listening connection, opened on first use and reopened after it breaks
// (a database restart). While it is down, messages may be missed: `listening()` is false, and each
// subscriber's `onGap` runs so it can drop whatever it kept.
import pg from 'pg';
import { getPool } from '@/server/db/client';
import { env } from '@/server/env';

type Subscriber = { onMessage: (payload: string) => void; onGap: () => void };
type ListenerState = {
  client: pg.Client | null;
  connecting: Promise<void> | null;
  listening: boolean;
  retryTimer: NodeJS.Timeout | null;
  subscribers: Map<string, Set<Subscriber>>;
};

const CHANNEL = /^[a-z_]{1,63}$/;
const RETRY_MS = 1_000;

// On globalThis: the production server and Next's bundle load this module twice, one listener.
const holder = globalThis as { plantelListener?: ListenerState };
const state = (holder.plantelListener ??= { client: null, connecting: null, listening: false, retryTimer: null, subscribers: new Map() });

function checkChannel(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
  return channel;
}

/** Sends `payload` to every instance listening on `channel` (through the shared pool). */
export async function publish(channel: string, payload: string): Promise<void> {
  await getPool().query('SELECT pg_notify($1, $2)', [checkChannel(channel), payload]);
}

/** Whether this process hears messages now (its listening connection is up). */
export function listening(): boolean {
  return state.listening;
}

function lostConnection(client: pg.Client) {
  if (state.client !== client) return;
  state.client = null;
  state.listening = false;
  for (const set of state.subscribers.values()) for (const subscriber of set) subscriber.onGap();
  client.end().catch(() => undefined);
  scheduleRetry();
}

function scheduleRetry() {
  if (state.retryTimer || state.subscribers.size === 0) return;
  state.retryTimer = setTimeout(() => {
    state.retryTimer = null;
    void connect();
  }, RETRY_MS);
  // A process with nothing else to do may exit (scripts, tests).
  state.retryTimer.unref();
}

function connect(): Promise<void> {
  if (state.client || state.connecting) return state.connecting ?? Promise.resolve();
  state.connecting = (async () => {
    const client = new pg.Client({ connectionString: env.DATABASE_URL, application_name: 'plantel-listen' });
    client.on('notification', (message) => {
      for (const subscriber of state.subscribers.get(message.channel) ?? []) subscriber.onMessage(message.payload ?? '');
    });
    client.on('error', () => lostConnection(client));
    client.on('end', () => lostConnection(client));
    try {
      await client.connect();
      state.client = client;
      for (const channel of state.subscribers.keys()) await client.query(`LISTEN ${checkChannel(channel)}`);
      state.listening = true;
    } catch {
      if (state.client === client) lostConnection(client);
      else {
        client.end().catch(() => undefined);
        scheduleRetry();
      }
    }
  })().finally(() => {
    state.connecting = null;
  });
  return state.connecting;
}

/**
 * Listens on `channel` from now on; the connection opens in the background. The promise settles
 * once the channel is listened to (or the attempt failed: `listening()` then says false), so a
 * subscriber that must not miss a message knows from when it hears them.
 */
export function subscribe(channel: string, subscriber: Subscriber): Promise<void> {
  checkChannel(channel);
  const set = state.subscribers.get(channel);
  if (set) {
    set.add(subscriber);
    return state.connecting ?? Promise.resolve();
  }
  state.subscribers.set(channel, new Set([subscriber]));
  if (state.client && state.listening) {
    return state.client.query(`LISTEN ${channel}`).then(
      () => undefined,
      () => undefined,
    );
  }
  return connect();
}

/** Closes the listening connection (tests, a stopping server). */
export async function stopListening(): Promise<void> {
  const client = state.client;
  state.subscribers.clear();
  state.client = null;
  state.listening = false;
  if (state.retryTimer) clearTimeout(state.retryTimer);
  state.retryTimer = null;
  await client?.end().catch(() => undefined);
}
