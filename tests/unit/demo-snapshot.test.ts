// The demo snapshot's key: a snapshot is restored only for the same schema, seed code, data day,
// password and secret; the data day follows the generator's own rule (the active period's window).
import { describe, expect, it } from 'vitest';
import { iso } from '@/prisma/seed/generator/calendar';
import { Context } from '@/prisma/seed/generator/context';
import { type SnapshotKeyInput, demoSnapshotKey, segmentsAfter, snapshotDay, sourcesDigest } from '@/scripts/lib/demo-snapshot';

const base: SnapshotKeyInput = { sources: 'a'.repeat(64), day: '2026-11-28', password: 'plantel2026', secret: null };

describe('demoSnapshotKey', () => {
  it('is the same for the same inputs and names the day', () => {
    expect(demoSnapshotKey(base)).toBe(demoSnapshotKey({ ...base }));
    expect(demoSnapshotKey(base)).toMatch(/^2026-11-28-[0-9a-f]{16}$/);
  });

  it.each<[string, Partial<SnapshotKeyInput>]>([
    ['a migration or the seed code changed', { sources: 'b'.repeat(64) }],
    ['another data day', { day: '2026-11-29' }],
    ['another demo password', { password: 'otra-clave' }],
    ['a secret of the data folder or the environment', { secret: 'x'.repeat(48) }],
  ])('changes when %s', (_, change) => {
    expect(demoSnapshotKey({ ...base, ...change })).not.toBe(demoSnapshotKey(base));
  });

  it('does not show the password or the secret', () => {
    const key = demoSnapshotKey({ ...base, password: 'secreta', secret: 'muy-secreto' });
    expect(key).not.toContain('secreta');
    expect(key).not.toContain('muy-secreto');
  });
});

describe('sourcesDigest', () => {
  const files = [
    { path: 'prisma/migrations/1_init/migration.sql', content: 'CREATE TABLE a ();' },
    { path: 'prisma/seed/demo.ts', content: 'export {}' },
  ];
  it('depends on content and path, not on order', () => {
    expect(sourcesDigest(files)).toBe(sourcesDigest([...files].reverse()));
    expect(sourcesDigest(files)).not.toBe(sourcesDigest([files[0], { ...files[1], content: 'export {};' }]));
    expect(sourcesDigest(files)).not.toBe(sourcesDigest([files[0], { ...files[1], path: 'prisma/seed/base.ts' }]));
    expect(sourcesDigest(files)).not.toBe(sourcesDigest([...files, { path: 'prisma/migrations/2_more/migration.sql', content: 'ALTER TABLE a ADD b int;' }]));
  });
});

describe('snapshotDay follows the generator’s data day', () => {
  it.each([
    // Inside the active period's window: the day itself (a new snapshot each day).
    ['2026-11-28T10:00:00Z', '2026-11-28'],
    ['2026-09-21T00:00:00Z', '2026-09-21'],
    ['2026-12-18T23:59:59Z', '2026-12-18'],
    // Outside it the data is placed inside the window: one snapshot for those months.
    ['2026-12-25T12:00:00Z', '2026-12-18'],
    ['2026-03-02T12:00:00Z', '2026-09-21'],
    ['2027-01-01T00:00:00Z', '2027-09-21'],
  ])('%s → %s', (now, day) => {
    expect(snapshotDay(new Date(now))).toBe(day);
  });

  it('is the day the generator dates its data as of', () => {
    for (const now of ['2026-11-28T10:00:00Z', '2026-02-01T08:00:00Z', '2026-12-31T20:00:00Z']) {
      const context = new Context({ size: 'demo', today: new Date(now), passwordHash: 'x', roles: new Map(), permissions: new Map() });
      expect(iso(context.today)).toBe(snapshotDay(new Date(now)));
    }
  });
});

describe('segmentsAfter (recycled WAL left out of the snapshot)', () => {
  it('keeps the segment written last and those before it', () => {
    const segments = ['000000010000000000000005', '000000010000000000000006', '000000010000000000000009', '000000010000000000000004'];
    expect(segmentsAfter(segments, '000000010000000000000005')).toEqual(['000000010000000000000006', '000000010000000000000009']);
    expect(segmentsAfter(segments, '000000010000000000000009')).toEqual([]);
  });
});
