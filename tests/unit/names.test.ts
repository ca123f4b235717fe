import { describe, expect, it } from 'vitest';
import { splitFullName } from '@/lib/admissions/names';

describe('splitFullName', () => {
  it.each([
    ['María Fernanda Ríos Gómez', { names: 'María Fernanda', first_name: 'Ríos', second_name: 'Gómez' }],
    ['  Juan   Pérez  López ', { names: 'Juan', first_name: 'Pérez', second_name: 'López' }],
    ['Ana López', { names: 'Ana', first_name: 'López', second_name: null }],
    ['Ana', { names: 'Ana', first_name: '', second_name: null }],
    ['', { names: '', first_name: '', second_name: null }],
  ])('%j', (full, expected) => {
    expect(splitFullName(full)).toEqual(expected);
  });
});
