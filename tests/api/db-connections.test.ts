// A connection of the shared pool lost while a request holds it (the database restarts or an
// administrator ends the session between two statements): the error must not go unhandled, which
// would end the whole server process. The request's next statement fails as a lost connection (the
// error mapper answers 503), and the pool goes on with a fresh connection.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { getPool } from '@/server/db/client';
import { isDatabaseUnavailable } from '@/server/db/availability';

const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
admin.on('error', () => undefined);

afterAll(async () => {
  await admin.end();
});

async function endSession(pid: number) {
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
}

describe('a pool connection lost while in use', () => {
  it('does not end the process; the holder sees a lost connection and the pool serves the next call', async () => {
    const held = await getPool().connect();
    const { rows } = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // 'end' comes after the server's error message has been handled (it closes the socket after
    // sending it): listening to it hears the end without hearing, or hiding, the error.
    const ended = new Promise((resolve) => held.once('end', resolve));
    // Ended while held and idle: no statement of its own is there to receive the error.
    await endSession(rows[0].pid);
    await ended;

    const failed = await held.query('SELECT 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).not.toBeNull();
    expect(isDatabaseUnavailable(failed)).toBe(true);
    held.release(true);

    const { rows: again } = await getPool().query<{ one: number }>('SELECT 1 AS one');
    expect(again[0].one).toBe(1);
  });
});
