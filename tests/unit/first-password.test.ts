// A student's first portal password (her welcome sheet): random, and readable on paper.
import { describe, expect, it } from 'vitest';
import { randomPassword } from '@/server/auth/password';

describe('randomPassword', () => {
  it('is ten characters no one confuses on paper (no 0/O, 1/l/I)', () => {
    for (let index = 0; index < 200; index += 1) {
      const password = randomPassword();
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{10}$/);
    }
  });

  it('is a different one each time', () => {
    const seen = new Set(Array.from({ length: 500 }, () => randomPassword()));
    expect(seen.size).toBe(500);
  });

  it('takes another length when asked', () => {
    expect(randomPassword(16)).toHaveLength(16);
  });
});
