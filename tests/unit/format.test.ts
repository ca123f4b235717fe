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
