// Whether a failure means "the database cannot be used right now" (stopped, restarting, out of
// connections, network gone) rather than a defect or bad input: such a request is answered 503
// with Retry-After, and the pool reconnects by itself once the server is back (pg opens new
// connections on demand and drops the broken ones).
//
// The same outage reaches us in several shapes: Prisma's errors (the pg adapter names the cause
// `DatabaseNotReachable`, `ConnectionClosed`…, or passes PostgreSQL's SQLSTATE), Prisma's own
// P1001-style codes, and plain errors of the pg driver when a connection breaks mid-transaction.

/** SQLSTATE classes and codes: 08 connection exception, 57P01-57P03 shutdown/crash/starting up,
 * 53300 too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Prisma's codes for an unreachable server, a timed-out connection, a closed connection and a
 * pool that gave no connection in time. */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);
// The pg driver's own words when its socket is gone (it gives these errors no code).
const PG_CONNECTION_MESSAGES = [/^Connection terminated/, /connection error and is not queryable/, /^timeout exceeded when trying to connect/, /^Client was closed and is not queryable/];

type Failure = { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; meta?: unknown; kind?: unknown; originalCode?: unknown };

function oneUnavailable(failure: Failure): boolean {
  const code = typeof failure.code === 'string' ? failure.code : '';
  if (UNAVAILABLE_PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
  if (failure.name === 'PrismaClientInitializationError') return true;
  if (typeof failure.kind === 'string') {
    if (UNAVAILABLE_KINDS.has(failure.kind)) return true;
    if (failure.kind === 'postgres' && typeof failure.originalCode === 'string' && UNAVAILABLE_SQLSTATE.test(failure.originalCode)) return true;
  }
  const message = typeof failure.message === 'string' ? failure.message : '';
  return PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/** True when `error`, or what it wraps, says the database cannot be reached or used now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const failure = current as Failure;
    if (oneUnavailable(failure)) return true;
    pending.push(failure.cause);
    const meta = failure.meta as { driverAdapterError?: unknown } | undefined;
    if (meta && typeof meta === 'object') pending.push(meta.driverAdapterError);
    // AggregateError (several addresses of one host refused).
    if (Array.isArray((current as { errors?: unknown }).errors)) pending.push(...(current as { errors: unknown[] }).errors);
  }
  return false;
}
