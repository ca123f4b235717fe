import { describe, expect, it } from 'vitest';
import { moveWithin, ordersFrom } from '@/lib/ordering';

describe('moving an item within a list', () => {
  it.each([
    [['a', 'b', 'c', 'd'], 0, 2, ['b', 'c', 'a', 'd']],
    [['a', 'b', 'c', 'd'], 3, 0, ['d', 'a', 'b', 'c']],
    [['a', 'b', 'c'], 1, 0, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 1, 1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 0, -1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 2, 9, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 5, 0, ['a', 'b', 'c']],
    [[], 0, 1, []],
  ])('%j: %i -> %i', (items, from, to, expected) => {
    expect(moveWithin(items, from, to)).toEqual(expected);
  });

  it('numbers the places from 1 and leaves the input alone', () => {
    const items = [{ id: 7 }, { id: 3 }, { id: 9 }];
    expect(ordersFrom(moveWithin(items, 2, 0))).toEqual([
      { id: 9, order: 1 },
      { id: 7, order: 2 },
      { id: 3, order: 3 },
    ]);
    expect(items.map((item) => item.id)).toEqual([7, 3, 9]);
  });
});
