// The backup drill (issue 19): the test database is backed up, restored into a new database that
// got the same migrations, and the two compared table by table — row counts and the sum of every
// numeric column (money, scores, ids). A restore never lands on a database in use.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDatabase, databaseFingerprint, readManifest, restoreDatabase } from '@/server/db/backup';
import { applyMigrations } from '@/server/db/migrate';

const source = process.env.DATABASE_URL!;
const drill = `plantel_drill_${process.pid}`;
const admin = (() => {
  const url = new URL(source);
  url.pathname = '/postgres';
  return url.toString();
})();
const target = (() => {
  const url = new URL(source);
  url.pathname = `/${drill}`;
  return url.toString();
})();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'plantel-backup-'));

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await adminQuery(`DROP DATABASE IF EXISTS ${drill} WITH (FORCE)`);
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every table with the same rows and the same sums', async () => {
    const file = path.join(folder, 'drill.plantel-backup.gz');
    // A row made and deleted: its id is past every id left, and must not come back after a restore.
    const scratch = new pg.Client({ connectionString: source });
    await scratch.connect();
    const deletedId = (await scratch.query<{ id: number }>("INSERT INTO shifts (description, suffix, updated_at) VALUES ('Borrado', 'B', now()) RETURNING id")).rows[0].id;
    await scratch.query('DELETE FROM shifts WHERE id = $1', [deletedId]);
    await scratch.end();
    const before = await databaseFingerprint(source);
    const manifest = await backupDatabase(source, file);
    expect(await readManifest(file)).toEqual(manifest);
    expect(manifest.tables.find((table) => table.name === 'students')!.rows).toBe(Number(before.students.count));

    await adminQuery(`CREATE DATABASE ${drill}`);
    await applyMigrations(target, path.join(process.cwd(), 'prisma', 'migrations'), () => undefined);
    await restoreDatabase(target, file);
    const restored = await databaseFingerprint(target);
    expect(Object.keys(restored).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect([table, restored[table]]).toEqual([table, before[table]]);
    // Money and scores came back to the cent.
    expect(restored.payments['sum:amount']).toBe(before.payments['sum:amount']);
    expect(Number(restored.payments.count)).toBeGreaterThan(0);

    // New rows continue after the restored ids, and the restored database is a working one.
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number; max: number }>("INSERT INTO shifts (description, suffix, updated_at) VALUES ('Nocturno', 'N', now()) RETURNING id, (SELECT max(id) FROM shifts WHERE description <> 'Nocturno') AS max");
      expect(rows[0].id).toBeGreaterThan(rows[0].max);
      expect(rows[0].id).toBeGreaterThan(deletedId);
      // A generated search column was computed again.
      const { rows: search } = await client.query("SELECT count(*)::int AS n FROM students WHERE search_text IS NULL");
      expect(search[0].n).toBe(0);
      // A second restore over it is refused: it is in use now.
      await expect(restoreDatabase(target, file)).rejects.toThrow(/in use/);
    } finally {
      await client.end();
    }
  }, 180_000);

  it('refuses a file that is not a backup', async () => {
    const file = path.join(folder, 'other.gz');
    fs.writeFileSync(file, (await import('node:zlib')).gzipSync('hola\n'));
    await expect(readManifest(file)).rejects.toThrow('Not a Plantel backup');
  });
});
