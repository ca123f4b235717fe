import { describe, expect, it } from 'vitest';
import { readTime } from '@/lib/imports/times';

describe('readTime', () => {
  it.each([
    ['7:00', '07:00:00'],
    ['07:30', '07:30:00'],
    ['13:45:10', '13:45:10'],
    ['7.30', '07:30:00'],
    ['7:00 pm', '19:00:00'],
    ['12:15 a.m.', '00:15:00'],
    ['12:00 PM', '12:00:00'],
    [0.2916666666666667, '07:00:00'],
    ['0.5', '12:00:00'],
  ])('reads %s as %s', (raw, expected) => {
    expect(readTime(raw)).toBe(expected);
  });

  it.each([['24:00'], ['7:60'], ['13:00 pm'], ['siete'], ['7'], [1.5], [-0.1], ['']])('refuses %s', (raw) => {
    expect(readTime(raw)).toBeNull();
  });

  it('is null for an empty cell', () => {
    expect(readTime(null)).toBeNull();
  });
});
