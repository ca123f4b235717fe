// The rows of small tables a list page shows as relations are kept in memory
// (server/engine/lookup-cache.ts). What must hold: every table kept there tells its changes
// (a trigger), a change from anywhere is seen (a script's SQL once its notice arrives, this
// process's own API writes at once), a rolled-back change tells nothing, and a page served from
// memory is the page the database would give.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool, prisma } from '@/server/db/client';
import { listening } from '@/server/db/notify';
import { env } from '@/server/env';
import { CACHED_TABLES, cachedLookup, lookupGeneration } from '@/server/engine/lookup-cache';
import { call, tokenFor } from './client';

const until = async (condition: () => boolean | Promise<boolean>, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
};

/** Is any career row kept in memory (under any list's shape)? */
const keptCareer = (id: number) => {
  const tables = (globalThis as { plantelLookupCache?: { tables: Map<string, Map<string, Map<string, unknown>>> } }).plantelLookupCache!.tables;
  return [...(tables.get('careers')?.keys() ?? [])].some((shape) => cachedLookup('careers', shape, String(id)) !== undefined);
};

let token: string;
let career: { id: number; name: string };
// Another connection, as another instance or a script would write.
const outside = new pg.Client({ connectionString: env.DATABASE_URL });

beforeAll(async () => {
  token = await tokenFor('admin');
  const student = await prisma.student.findFirstOrThrow({ where: { career_id: { not: null } }, select: { career: { select: { id: true, name: true } } } });
  career = student.career!;
  await outside.connect();
  // Rows are kept once the change channel is listened to.
  expect(await until(() => lookupGeneration() !== null)).toBe(true);
  expect(listening()).toBe(true);
});

afterAll(async () => {
  await outside.query('UPDATE careers SET name = $2 WHERE id = $1', [career.id, career.name]);
  await outside.end();
});

const listedCareerNames = async () => {
  const answer = await call<{ data: { career: { id: number; name: string } | null }[] }>('GET', `students/api/students/?career_id=${career.id}&page_size=5`, { token });
  expect(answer.status).toBe(200);
  expect(answer.body.data.length).toBeGreaterThan(0);
  return [...new Set(answer.body.data.map((row) => row.career?.name))];
};

describe('relations kept in memory', () => {
  it('are the tables with the change trigger, and only those', async () => {
    const { rows } = await getPool().query<{ table: string; event: string }>(
      `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'plantel_table_changed' AND NOT t.tgisinternal ORDER BY 1`,
    );
    expect(rows.map((row) => row.table)).toEqual([...CACHED_TABLES].sort());
  });

  it('are kept after a page and give the same page again', async () => {
    const first = await call('GET', `students/api/students/?career_id=${career.id}&page_size=20&ordering=first_name`, { token });
    expect(keptCareer(career.id)).toBe(true);
    const again = await call('GET', `students/api/students/?career_id=${career.id}&page_size=20&ordering=first_name`, { token });
    expect(again.body).toEqual(first.body);
  });

  it("are forgotten when a script changes the table, once PostgreSQL's notice arrives", async () => {
    expect(await listedCareerNames()).toEqual([career.name]);
    expect(keptCareer(career.id)).toBe(true);
    await outside.query('UPDATE careers SET name = $2 WHERE id = $1', [career.id, `${career.name} (script)`]);
    expect(await until(() => !keptCareer(career.id))).toBe(true);
    expect(await listedCareerNames()).toEqual([`${career.name} (script)`]);
  });

  it('are not forgotten for a change rolled back', async () => {
    await listedCareerNames();
    expect(keptCareer(career.id)).toBe(true);
    await outside.query('BEGIN');
    await outside.query('UPDATE careers SET name = $2 WHERE id = $1', [career.id, 'nunca']);
    await outside.query('ROLLBACK');
    // A notice would have arrived by now (the one above took milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(keptCareer(career.id)).toBe(true);
  });

  it("are forgotten as soon as this process's own API write is answered", async () => {
    await listedCareerNames();
    expect(keptCareer(career.id)).toBe(true);
    const renamed = await call('PATCH', `academic/api/careers/${career.id}/`, { token, body: { name: `${career.name} (API)` } });
    expect(renamed.status).toBe(200);
    // No wait: the very next list shows the new name.
    expect(keptCareer(career.id)).toBe(false);
    expect(await listedCareerNames()).toEqual([`${career.name} (API)`]);
  });
});
