import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/server/db/availability';

const adapter = (cause: Record<string, unknown>, code = 'P2010') => Object.assign(new Error('Raw query failed'), { name: 'PrismaClientKnownRequestError', code, meta: { driverAdapterError: { name: 'DriverAdapterError', cause } } });
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['the pg adapter: server not reachable', adapter({ kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 }), true],
    ['the pg adapter: connection closed', adapter({ kind: 'ConnectionClosed' }), true],
    ['the pg adapter: socket timeout', adapter({ kind: 'SocketTimeout' }), true],
    ['the pg adapter: too many connections', adapter({ kind: 'TooManyConnections', cause: '' }), true],
    ['the pg adapter: server shutting down (57P01)', adapter({ kind: 'postgres', originalCode: '57P01' }), true],
    ['the pg adapter: server starting up (57P03)', adapter({ kind: 'postgres', originalCode: '57P03' }), true],
    ['the pg adapter: connection failure (08006)', adapter({ kind: 'postgres', originalCode: '08006' }), true],
    ['Prisma P1001 (can\'t reach)', adapter({ kind: 'DatabaseNotReachable' }, 'P1001'), true],
    ['Prisma P2024 (no connection from the pool in time)', Object.assign(new Error('timed out'), { code: 'P2024' }), true],
    ['Prisma initialization error', Object.assign(new Error('init'), { name: 'PrismaClientInitializationError' }), true],
    ['pg: broken connection mid-transaction', new Error('Client has encountered a connection error and is not queryable'), true],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly'), true],
    ['pg: pool connect timeout', new Error('timeout exceeded when trying to connect'), true],
    ['socket refused', pgError('ECONNREFUSED'), true],
    ['socket reset, wrapped as a cause', new Error('query failed', { cause: pgError('ECONNRESET') }), true],
    ['refused on every address', new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]), true],
    ['a unique violation is a conflict, not an outage', adapter({ kind: 'UniqueConstraintViolation' }, 'P2002'), false],
    ['a serialization failure is retried by the caller', adapter({ kind: 'TransactionWriteConflict' }), false],
    ['a syntax error is a defect', adapter({ kind: 'postgres', originalCode: '42601' }), false],
    ['a check violation (23514) is a defect', pgError('23514'), false],
    ['a plain error', new Error('boom'), false],
    ['nothing', undefined, false],
    ['a string', 'ECONNREFUSED', false],
  ])('%s', (_label, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });

  it('does not loop on an error that causes itself', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
