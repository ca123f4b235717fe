// A teacher's weekly minutes on the timetable against the hours they are hired for.
import { describe, expect, it } from 'vitest';
import { againstContract } from '@/lib/scholar/loads';

describe('a teacher’s load against their contract', () => {
  it.each([
    [0, 20, 'under'],
    [1199, 20, 'under'],
    [1200, 20, 'even'],
    [1201, 20, 'over'],
    [90, 1, 'over'],
    [0, 0, 'even'],
    [600, null, null],
  ] as const)('%i minutes against %s hours -> %s', (minutes, hours, expected) => {
    expect(againstContract(minutes, hours)).toBe(expected);
  });
});
