// /healthz: the process answers. /readyz: the database answers, every migration of this build is
// applied and the file store takes writes — what a load balancer or an orchestrator asks before sending traffic to an instance.
import path from 'node:path';
import { getPool } from '@/server/db/client';
import { readMigrations } from '@/server/db/migrate';
import { fileStore } from '@/server/files/storage';

export function liveness(): Response {
  return Response.json({ status: 'ok', uptime_s: Math.round(process.uptime()) }, { headers: { 'cache-control': 'no-store' } });
}

let migrationNames: string[] | null = null;

export async function readiness(): Promise<Response> {
  // The migrations this build ships with, read once.
  migrationNames ??= readMigrations(path.join(process.cwd(), 'prisma', 'migrations')).map((migration) => migration.name);
  const expected = migrationNames;
  try {
    const { rows } = await getPool().query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL');
    const applied = new Set(rows.map((row) => row.migration_name));
    const missing = expected.filter((name) => !applied.has(name));
    const store = fileStore();
    const storage = await store.check().then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    );
    const status = missing.length > 0 ? 'migrations_pending' : storage !== 'ok' ? 'storage_unavailable' : 'ready';
    return Response.json(
      { status, database: 'ok', migrations: { expected: expected.length, missing }, storage: { kind: store.kind, status: storage } },
      { status: status === 'ready' ? 200 : 503, headers: { 'cache-control': 'no-store' } },
    );
  } catch {
    return Response.json({ status: 'database_unavailable', database: 'unavailable' }, { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '5' } });
  }
}
