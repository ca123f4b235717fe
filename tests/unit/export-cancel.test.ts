// A download cancelled midway lets the export's source of rows go: the rows are read through a
// cursor that holds a database connection (and its snapshot), which must go back to the pool when
// the reader stops, in xlsx as in CSV, however far the writer had got.
import { describe, expect, it } from 'vitest';
import type { OperationContext } from '@/server/engine/context';
import { exportSheet, type TypedColumn } from '@/server/engine/export';
import type { FileResult } from '@/server/engine/results';
import { translator } from '@/server/i18n/messages';

const COLUMNS: TypedColumn[] = [
  { field: 'name', labelKey: 'fields.name', kind: 'text' },
  { field: 'amount', labelKey: 'fields.amount', kind: 'money' },
];

/** Endless pages of rows that hardly compress, and whether the source was let go. */
function endless() {
  const state = { pages: 0, released: false };
  async function* pages(): AsyncGenerator<Iterable<Record<string, unknown>>> {
    try {
      for (;;) {
        state.pages += 1;
        yield Array.from({ length: 100 }, (_, i) => ({ name: `${Math.random().toString(36)}${Math.random().toString(36)}`, amount: String(i) }));
      }
    } finally {
      state.released = true;
    }
  }
  return { state, pages: pages() };
}

describe('cancelling an export', () => {
  it.each(['xlsx', 'csv'] as const)('lets the rows source go when the reader stops after the first chunk (%s)', async (format) => {
    const { state, pages } = endless();
    const ctx = { t: translator('es') } as unknown as OperationContext;
    const file = (await exportSheet({ name: 'alumnos', columns: COLUMNS }, pages, format, ctx)) as FileResult & { body: ReadableStream<Uint8Array> };
    const reader = file.body.getReader();
    expect((await reader.read()).done).toBe(false);
    // Still far from the end: the writer waits for the reader.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.released).toBe(false);
    await reader.cancel();
    await expect.poll(() => state.released, { timeout: 5_000 }).toBe(true);
    const pagesRead = state.pages;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.pages).toBe(pagesRead);
  });
});
