// An action's parameters are named like fields: when a read action refuses its parameters, every
// name in the answer has a label in both languages, so the screen says "Parcial: ..." and never
// "PARTIAL ID: ...". Read actions only: they are asked with no parameters, which must change nothing.
import { describe, expect, it } from 'vitest';
import en from '@/messages/en/fields.json';
import es from '@/messages/es/fields.json';
import { prisma } from '@/server/db/client';
import { ACTION_GROUPS, RESOURCES } from '@/server/modules/registry';
import { call, tokenFor } from './client';

const reads = RESOURCES.flatMap((definition) =>
  (definition.actions ?? [])
    .filter((action) => action.method === 'GET' && !action.changesData)
    .map((action) => [`${definition.base}${action.path}`, definition] as const),
);
// The actions that belong to no resource (the reports) take no record id.
const groupReads = ACTION_GROUPS.flatMap((group) => group.actions.filter((action) => action.method === 'GET' && !action.changesData).map((action) => `${group.base}${action.path}`));

describe('action parameters have labels', () => {
  let refused = 0;
  it('there are read actions to ask', () => expect(reads.length).toBeGreaterThanOrEqual(10));

  /** Asks a read action with no parameters: never a 500, and a refusal names only labelled fields. */
  async function askBare(path: string) {
    // Read raw: some actions answer a file (a receipt, a slip).
    const answer = await call<ArrayBuffer>('GET', path, { token: await tokenFor('admin'), raw: true });
    expect(answer.status).toBeLessThan(500);
    if (answer.status !== 400) return;
    refused += 1;
    const body = JSON.parse(new TextDecoder().decode(answer.body)) as object;
    const names = Object.keys(body).filter((key) => !['detail', 'non_field_errors', 'code'].includes(key));
    for (const name of names) {
      expect(es, `fields.${name} (es)`).toHaveProperty([name]);
      expect(en, `fields.${name} (en)`).toHaveProperty([name]);
    }
  }

  it.each(reads)('%s', async (template, definition) => {
    // A record's action is asked of its first record.
    const first = template.includes('{id}') ? await (definition.delegate!(prisma) as { findFirst: (args: object) => Promise<{ id: number } | null> }).findFirst({ select: { id: true } }) : null;
    await askBare(template.replace('{id}', String(first?.id ?? 1)));
  });

  it.each(groupReads)('%s', askBare);

  it('some of them refused the missing parameters', () => expect(refused).toBeGreaterThan(3));
});
