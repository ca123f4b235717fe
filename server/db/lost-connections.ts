// A pool's connections lost to the database (a restart, a failover, a session ended by an
// administrator) are heard, never left to end the process. `pg`'s pool listens only on its idle
// connections; a connection a request holds between two statements reports to no statement and no
// pool listener, and an unheard 'error' event ends Node. Each connection therefore gets a listener
// of its own when it opens: the holder's next statement fails as a lost connection (503) and the
// pool opens a fresh one.
import type pg from 'pg';
import { logger } from '@/server/log';

/** `prefix` names the pool in the log lines ("db", "rate limit"). */
export function hearLostConnections(pool: pg.Pool, prefix: string): void {
  pool.on('error', (error) => logger().warn({ err: error }, `${prefix}: idle connection lost`));
  // Debug level: an idle connection's loss is logged just above, a held one's by the request that then fails.
  pool.on('connect', (client) => client.on('error', (error) => logger().debug({ err: error }, `${prefix}: connection lost`)));
}
