// A request body read with its limit (server/http/body.ts readCapped): into one buffer of the
// declared length when there is one, on as chunks when the body is longer than declared, and
// refused past the limit either way.
import { describe, expect, it } from 'vitest';
import { readCapped } from '@/server/http/body';

const streamOf = (chunks: number[][]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  });
const tooLarge = () => new Error('too large');

describe('readCapped', () => {
  it.each<[string, number[][], number, number[]]>([
    ['no declared length', [[1, 2], [3], [4, 5]], 0, [1, 2, 3, 4, 5]],
    ['the declared length', [[1, 2], [3], [4, 5]], 5, [1, 2, 3, 4, 5]],
    ['shorter than declared', [[1, 2], [3]], 5, [1, 2, 3]],
    ['longer than declared: read on as chunks', [[1, 2], [3], [4, 5]], 2, [1, 2, 3, 4, 5]],
    ['longer than declared in its first chunk', [[1, 2, 3], [4]], 2, [1, 2, 3, 4]],
    ['a declared length past the limit is only a hint', [[1, 2]], 100, [1, 2]],
    ['empty', [], 3, []],
  ])('%s', async (_, chunks, declared, expected) => {
    expect([...(await readCapped(streamOf(chunks), 10, tooLarge, declared))]).toEqual(expected);
  });

  it.each([0, 6, 11])('refuses a body past the limit (declared %i)', async (declared) => {
    await expect(readCapped(streamOf([[1, 2, 3, 4], [5, 6, 7], [8, 9, 10, 11]]), 10, tooLarge, declared)).rejects.toThrow('too large');
  });

  it('reads no body as empty', async () => {
    expect((await readCapped(null, 10, tooLarge, 4)).byteLength).toBe(0);
  });
});
