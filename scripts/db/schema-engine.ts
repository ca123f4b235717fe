// Loads Prisma's WebAssembly schema engine. The Prisma CLI would download a native engine, which
// is not reachable on machines that only see the npm registry; the wasm build ships on npm.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

type Bindings = typeof import('@prisma/schema-engine-wasm');
export type SchemaEngine = Bindings['SchemaEngine']['prototype'];

const require = createRequire(import.meta.url);

async function loadBindings(): Promise<Bindings> {
  const glue = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const bindings = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as unknown as Bindings & {
    __wbg_set_wasm(exports: WebAssembly.Exports): void;
  };
  const bytes = fs.readFileSync(path.join(path.dirname(glue), 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, {
    './schema_engine_bg.js': bindings as unknown as WebAssembly.ModuleImports,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
  return bindings;
}

/** A schema engine for diffing datamodels; the connection string is only used if it needs the database. */
export async function createSchemaEngine(schema: string, connectionString: string): Promise<SchemaEngine> {
  const { SchemaEngine } = await loadBindings();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString }));
  return SchemaEngine.new({ datamodels: [['schema.prisma', schema]] }, () => undefined, adapter);
}
