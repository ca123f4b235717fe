// One writer per aggregate (architecture.md, "Aggregates and their owners"): the tables of a record
// whose state carries money, grades, fiscal or academic history are written only by its owner
// module, through Prisma delegates or raw SQL. Other modules call the owner's operations (exported
// from its index.ts) or react to its events (server/modules/shared/events.ts). The scan reads every
// source file of server/ and fails on a write to an aggregate's table from anywhere else.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import meta from '@/server/db/generated/model-meta.json';
import { AGGREGATES } from '@/server/modules/aggregates';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const WRITES = 'create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The module a file belongs to: `finance` for server/modules/finance/..., else its folder under server/. */
function moduleOf(file: string): string {
  const parts = path.relative(path.join(ROOT, 'server'), file).split(path.sep);
  return parts[0] === 'modules' ? parts[1] : parts[0];
}

const models = Object.values((meta as { models: Record<string, { name: string; table: string }> }).models);
const tableOf = Object.fromEntries(models.map((model) => [model.name, model.table]));

type Write = { file: string; line: number; model: string; how: string };

function writesIn(file: string): Write[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: Write[] = [];
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  for (const model of models) {
    const delegate = model.name.charAt(0).toLowerCase() + model.name.slice(1);
    const prismaWrite = new RegExp(`\\.${delegate}\\.(${WRITES})\\(`, 'g');
    for (const match of text.matchAll(prismaWrite)) found.push({ file, line: lineAt(match.index!), model: model.name, how: match[1] });
    const sqlWrite = new RegExp(`(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"?${model.table}"?[\\s(]`, 'gi');
    for (const match of text.matchAll(sqlWrite)) found.push({ file, line: lineAt(match.index!), model: model.name, how: match[1] });
  }
  // A resource definition writes its model through the generic engine: it belongs to the owner too.
  if (text.includes('modelResource(')) {
    for (const match of text.matchAll(/\bmodel:\s*'(\w+)'/g)) found.push({ file, line: lineAt(match.index!), model: match[1], how: 'resource of' });
  }
  return found;
}

describe('one writer per aggregate', () => {
  const owned = new Map<string, { aggregate: string; owner: string }>();
  for (const [aggregate, { owner, models: names }] of Object.entries(AGGREGATES)) for (const name of names) owned.set(name, { aggregate, owner });

  it('names real models', () => {
    for (const name of owned.keys()) expect(tableOf[name], name).toBeDefined();
  });

  it('finds the writes it scans for (the scan itself works)', () => {
    const writes = sources(path.join(ROOT, 'server', 'modules', 'finance')).flatMap(writesIn);
    expect(writes.some((write) => write.model === 'Payment')).toBe(true);
  });

  it("no module writes another aggregate's tables", () => {
    const strays = sources(path.join(ROOT, 'server'))
      .flatMap(writesIn)
      .filter((write) => {
        const rule = owned.get(write.model);
        return rule && moduleOf(write.file) !== rule.owner;
      })
      .map((write) => `${path.relative(ROOT, write.file)}:${write.line} ${write.how} ${write.model} (owner: ${owned.get(write.model)!.owner})`);
    expect(strays).toEqual([]);
  });
});
