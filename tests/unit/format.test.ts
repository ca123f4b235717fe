// Display formats (spec section 9): day/month/year dates, money with $ and thousands commas, and
// the date fields that show and take dd/mm/yyyy while the API speaks YYYY-MM-DD.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, maskDateTyping, monthKey, parseDisplayDate, yearChoices } from '@/lib/format';
import { type FormField, initialValues, toBody } from '@/lib/resource-ui';
import { validateField } from '@/lib/resource-ui/validation';

describe('dates', () => {
  it.each([
    ['2026-03-05', '05/03/2026'],
    ['2026-01-01T05:30:00.000Z', '31/12/2025'],
    ['2026-07-15T18:00:00.000Z', '15/07/2026'],
    ['', ''],
    [null, ''],
  ])('formatDate(%s) = %s', (value, text) => {
    expect(formatDate(value)).toBe(text);
  });

  it('shows instants in the school time zone, 24 h', () => {
    expect(formatDateTime('2026-03-05T20:07:00.000Z')).toBe('05/03/2026 14:07');
  });

  it.each([
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    ['2026-03-05', '2026-03-05'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['00/01/2026', null],
    ['12/13/2026', null],
    ['03/05/26', null],
    ['mañana', null],
    ['', null],
  ])('parseDisplayDate(%s) = %s', (text, iso) => {
    expect(parseDisplayDate(text)).toBe(iso);
  });

  it.each([
    ['0', '0'],
    ['05', '05'],
    ['050', '05/0'],
    ['0503', '05/03'],
    ['05032', '05/03/2'],
    ['05032026', '05/03/2026'],
    ['05/03/2026', '05/03/2026'],
    ['050320261', '05/03/2026'],
    ['05-03-2026', '05-03-2026'],
  ])('typing %s shows %s', (typed, shown) => {
    expect(maskDateTyping(typed)).toBe(shown);
  });

  it('a date field shows day first and sends the API its own format', () => {
    const field: FormField = { name: 'birthday', labelKey: 'fields.birthday', type: 'date', section: 'data' };
    expect(initialValues([field], { birthday: '2001-09-16' }, 'edit')).toEqual({ birthday: '16/09/2001' });
    expect(toBody([field], { birthday: '16/09/2001' }, 'create')).toEqual({ birthday: '2001-09-16' });
    expect(toBody([field], { birthday: '' }, 'create')).toEqual({ birthday: null });
    expect(validateField(field, '31/09/2001')).toEqual({ key: 'errors.date' });
    expect(validateField(field, '30/09/2001')).toBeNull();
  });
});

describe('instants in a time zone, read fast', () => {
  // formatDate and formatDateTime keep a zone's offset per hour (an export formats hundreds of
  // thousands of instants); they must say exactly what Intl says, including the hours around a
  // change of offset (Mexico City's last summer time, 2022; Tijuana's and Madrid's, still kept).
  const byIntl = (ms: number, timeZone: string) => {
    const p: Record<string, string> = {};
    const format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const part of format.formatToParts(new Date(ms))) p[part.type] = part.value;
    return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
  };
  const around = (iso: string) => Array.from({ length: 4 * 24 * 2 }, (_, i) => Date.parse(iso) - 86_400_000 + i * 15 * 60_000 + 17_000);

  it.each([
    ['America/Mexico_City', '2022-04-03T08:00:00Z'],
    ['America/Mexico_City', '2022-10-30T07:00:00Z'],
    ['America/Tijuana', '2026-03-08T10:00:00Z'],
    ['America/Tijuana', '2026-11-01T09:00:00Z'],
    ['Europe/Madrid', '2026-03-29T01:00:00Z'],
    ['Asia/Kolkata', '2026-06-01T00:00:00Z'],
    // A change at half past a UTC hour: the hour that holds it is read instant by instant.
    ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
  ])('%s around %s: every quarter hour as Intl says it', (timeZone, change) => {
    for (const ms of around(change)) {
      expect(formatDateTime(new Date(ms), timeZone)).toBe(byIntl(ms, timeZone));
      expect(formatDate(new Date(ms).toISOString(), timeZone)).toBe(byIntl(ms, timeZone).slice(0, 10));
    }
  });

  it('agrees with Intl on instants spread from 1970 to 2040 in the school time zone', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 5_000; i += 1) {
      const ms = Math.floor((next() / 2 ** 31) * Date.UTC(2040, 0, 1));
      expect(formatDateTime(ms)).toBe(byIntl(ms, 'America/Mexico_City'));
    }
  });
});

describe('percentages kept as fractions', () => {
  const field: FormField = {
    name: 'percentage',
    labelKey: 'fields.percentage',
    type: 'decimal',
    decimals: 2,
    percent: true,
    section: 'data',
    spec: { name: 'percentage', kind: 'scalar', type: 'Decimal', optional: true, hasDefault: true, precision: 5, scale: 2, min: 0, max: 100 },
  };
  it.each([
    ['0.1000', '10.00', '0.1000'],
    ['0.1250', '12.50', '0.1250'],
    ['1.0000', '100.00', '1.0000'],
    ['0.0000', '0.00', '0.0000'],
  ])('%s is typed as %s and sent back as %s', (stored, shown, sent) => {
    expect(initialValues([field], { percentage: stored }, 'edit')).toEqual({ percentage: shown });
    expect(toBody([field], { percentage: shown }, 'create')).toEqual({ percentage: sent });
  });
  it('a typed 10 leaves as 0.1000; more than 100 is refused before it is sent', () => {
    expect(toBody([field], { percentage: '10' }, 'create')).toEqual({ percentage: '0.1000' });
    expect(validateField(field, '150')).not.toBeNull();
    expect(validateField(field, '10.5')).toBeNull();
  });
});

describe('money', () => {
  it.each([
    ['1234.5', '$1,234.50'],
    ['1234567.891', '$1,234,567.89'],
    ['0.005', '$0.01'],
    ['-0.004', '$0.00'],
    ['-1500', '-$1,500.00'],
    [2.675, '$2.68'],
    ['abc', 'abc'],
    [null, ''],
  ])('formatMoney(%s) = %s', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });
});

describe('year selector', () => {
  it('offers the current year and the 4 before it, in the school time zone', () => {
    expect(yearChoices(new Date('2026-11-23T12:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022]);
    // 1 January 03:00 UTC is still 31 December in Mexico City.
    expect(yearChoices(new Date('2027-01-01T03:00:00Z'))[0]).toBe(2026);
    expect(monthKey(3)).toBe('common.month_3');
  });
});
