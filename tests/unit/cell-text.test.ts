// The words of a list's cells: the grid and the plain table shown before it loads share them.
import { describe, expect, it } from 'vitest';
import { cellText, cellValue, chipTexts } from '@/components/resource/cell-text';
import type { LooseTranslate } from '@/components/resource/use-t';
import type { ListColumn } from '@/lib/resource-ui';

const t = Object.assign((key: string) => `«${key}»`, { has: () => true, or: (key: string) => `«${key}»` }) as LooseTranslate;
const column = (type: ListColumn['type'], extra: Partial<ListColumn> = {}): ListColumn => ({ field: 'value', headerKey: 'h', type, ...extra });

describe('cell texts', () => {
  it.each([
    [column('text'), 'Ingeniería', 'Ingeniería'],
    [column('text'), null, ''],
    [column('money'), '1234.5', '$1,234.50'],
    [column('date'), '2026-03-05', '05/03/2026'],
    [column('file'), 'student-documents/abc/Acta.pdf', 'Acta.pdf'],
    [column('boolean'), true, '«resource.yes»'],
    [column('status'), false, '«resource.status_inactive»'],
    [column('enum', { enumType: 'ExtraordinaryStatus' }), 'PAID', '«enums.ExtraordinaryStatus.PAID»'],
    [column('enum', { enumType: 'ExtraordinaryStatus' }), null, ''],
    [column('chips'), [{ name: 'Admin' }, { name: 'Caja' }], 'Admin, Caja'],
    [column('chips', { chipField: 'description' }), [{ description: 'Colegiatura' }, { description: 'Credencial' }], 'Colegiatura, Credencial'],
    [column('folio'), { id: 123, total: '10.00' }, '000123'],
    [column('folio'), { id: 1234567 }, '1234567'],
    [column('folio'), null, ''],
  ])('%o writes %o as %o', (col, value, text) => {
    expect(cellText(col, value, t)).toBe(text);
  });

  it('reads nested fields and chip fields', () => {
    expect(cellValue({ field: 'campus.name', headerKey: 'h', type: 'text' }, { campus: { name: 'Centro' } })).toBe('Centro');
    // A folio reads the row's id: the cell's value is the whole row, like a state.
    expect(cellValue({ field: 'record_folio', headerKey: 'h', type: 'folio' }, { id: 9 })).toEqual({ id: 9 });
    expect(chipTexts([{ career: { code: 'ISC' } }, { id: 7 }, 'suelto', null], 'career.code')).toEqual(['ISC', '7', 'suelto']);
  });
});
