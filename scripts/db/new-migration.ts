// npm run db:migration -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes the schema of
// the last migration (kept as prisma/migrations/schema.snapshot.prisma) to the current schema.
// Hand-written SQL (views, collations, triggers) goes in its own migration made with --empty.
import fs from 'node:fs';
import path from 'node:path';
import { startEmbedded } from './embedded';
import { readSchema } from './read-schema';
import { createSchemaEngine } from './schema-engine';
import { exitWithFailure } from '../lib/failure';

const root = process.cwd();
const args = process.argv.slice(2);
const empty = args.includes('--empty');
const name = args.find((arg) => !arg.startsWith('--'));
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:migration -- <name_in_snake_case> [--empty]');
  process.exit(2);
}

const migrationsDir = path.join(root, 'prisma', 'migrations');
const snapshotPath = path.join(migrationsDir, 'schema.snapshot.prisma');
const current = readSchema(root);

async function main() {
  let sql = '-- Hand-written migration\n';
  if (!empty) {
    // The engine connects on start even for a datamodel-to-datamodel diff: give it a server.
    const server = process.env.DATABASE_URL ? null : await startEmbedded({ dataDir: path.join(root, '.data', 'postgres') });
    const engine = await createSchemaEngine(current, process.env.DATABASE_URL ?? server!.adminUrl);
    const from = fs.existsSync(snapshotPath)
      ? { tag: 'schemaDatamodel' as const, files: [{ path: 'schema.prisma', content: fs.readFileSync(snapshotPath, 'utf8') }] }
      : { tag: 'empty' as const };
    const result = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: current }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    sql = result.stdout ?? '';
    await server?.stop();
    if (!sql.trim() || sql.includes('This is an empty migration')) {
      console.log('The schema has not changed since the last migration: nothing written.');
      return;
    }
  }
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const dir = path.join(migrationsDir, `${stamp}_${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'migration.sql'), sql);
  if (!empty) fs.writeFileSync(snapshotPath, current);
  const lock = path.join(migrationsDir, 'migration_lock.toml');
  if (!fs.existsSync(lock)) fs.writeFileSync(lock, 'provider = "postgresql"\n');
  console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
}

main().catch(exitWithFailure);
