// `prisma generate` without the native schema engine download (see scripts/db/schema-engine-stub.sh).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const stub = path.resolve('scripts/db/schema-engine-stub.sh');
const result = spawnSync(process.execPath, [path.resolve('node_modules/prisma/build/index.js'), 'generate'], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: stub, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
process.exit(result.status ?? 1);
