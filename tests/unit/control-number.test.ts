// The control-number format: the base serial and at least four digits of serial.
import { describe, expect, it } from 'vitest';
import { baseSerial, controlNumber, serialOf } from '@/lib/scholar/control-number';

describe('control numbers', () => {
  it.each([
    ['2026', 1, '20260001'],
    ['2026', 168, '20260168'],
    ['2026', 9999, '20269999'],
    ['2026', 12345, '202612345'],
    ['ISC26', 7, 'ISC260007'],
  ] as const)('base %s, serial %s -> %s', (base, serial, expected) => {
    expect(controlNumber(base, serial)).toBe(expected);
    expect(serialOf(expected, base)).toBe(serial);
  });

  it.each([
    ['20250001', '2026', null],
    ['2026001', '2026', null],
    ['2026A001', '2026', null],
    ['20260001', '2026', 1],
  ] as const)('%s under base %s has serial %s', (noControl, base, serial) => {
    expect(serialOf(noControl, base)).toBe(serial);
  });

  it.each([
    ['2027', '2026-11-24', '2027'],
    ['  ', '2026-11-24', '2026'],
    [null, '2026-11-24', '2026'],
  ] as const)('base serial %j on %s -> %s', (setting, today, expected) => {
    expect(baseSerial(setting, today)).toBe(expected);
  });
});
