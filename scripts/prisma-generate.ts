// `prisma generate` without the native schema engine download (see scripts/db/schema-engine-stub.sh).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseSchema } from '../server/db/schema-meta';
import { readSchema } from './db/read-schema';

const stub = path.resolve('scripts/db/schema-engine-stub.sh');
const result = spawnSync(process.execPath, [path.resolve('node_modules/prisma/build/index.js'), 'generate'], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: stub, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);

// The engine's model metadata, from the same schema files.
const schema = readSchema(process.cwd());
fs.writeFileSync(path.resolve('server/db/generated/model-meta.json'), JSON.stringify(parseSchema(schema)));
console.log('✔ Wrote server/db/generated/model-meta.json');
