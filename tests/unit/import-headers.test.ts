// Header matching of the importers: accents, case, punctuation and spacing ignored; Spanish and
// English names and aliases; each header read by one column; a saved mapping wins.
import { describe, expect, it } from 'vitest';
import { matchHeaders, normalizeHeader, unmappedHeaders } from '@/lib/imports/headers';

const COLUMNS = [
  { key: 'curp', names: ['CURP'] },
  { key: 'no_control', names: ['Número de control', 'Control number', 'Matrícula'] },
  { key: 'names', names: ['Nombre(s)', 'Names', 'Nombre'] },
  { key: 'first_name', names: ['Primer apellido', 'First surname', 'Apellido paterno'] },
  { key: 'birthday', names: ['Fecha de nacimiento', 'Birthday'] },
];

describe('normalizeHeader', () => {
  it.each([
    ['Número de control', 'numero de control'],
    ['  NÚMERO   DE CONTROL ', 'numero de control'],
    ['numero_de_control', 'numero de control'],
    ['Nombre(s)', 'nombre s'],
    ['Año', 'ano'],
    ['C.P.', 'c p'],
    ['', ''],
  ])('%j -> %j', (header, expected) => {
    expect(normalizeHeader(header)).toBe(expected);
  });
});

describe('matchHeaders', () => {
  it.each([
    ['Spanish headers in another order', ['Primer apellido', 'CURP', 'Nombre(s)'], { curp: 1, no_control: null, names: 2, first_name: 0, birthday: null }],
    ['English headers', ['Names', 'First surname', 'Control number', 'Birthday'], { curp: null, no_control: 2, names: 0, first_name: 1, birthday: 3 }],
    ['accents, case and spacing ignored', ['NUMERO DE CONTROL', ' fecha  de nacimiento ', 'curp'], { curp: 2, no_control: 0, names: null, first_name: null, birthday: 1 }],
    ['aliases', ['Matrícula', 'Apellido paterno', 'Nombre'], { curp: null, no_control: 0, names: 2, first_name: 1, birthday: null }],
    ['underscores as in an export', ['no_control', 'first_name'], { curp: null, no_control: 0, names: null, first_name: 1, birthday: null }],
    ['unknown headers are left out', ['Teléfono', 'Observaciones'], { curp: null, no_control: null, names: null, first_name: null, birthday: null }],
    ['an empty header matches nothing', ['', 'CURP'], { curp: 1, no_control: null, names: null, first_name: null, birthday: null }],
  ] as const)('%s', (_case, headers, expected) => {
    expect(matchHeaders(headers, COLUMNS)).toEqual(expected);
  });

  it('gives a header to one column only (the first that names it)', () => {
    const columns = [
      { key: 'names', names: ['Nombre'] },
      { key: 'family_names', names: ['Nombre'] },
    ];
    expect(matchHeaders(['Nombre'], columns)).toEqual({ names: 0, family_names: null });
  });

  it('prefers a saved mapping, and keeps a column the person left out unmapped', () => {
    const headers = ['Alumno', 'Clave única', 'CURP'];
    expect(matchHeaders(headers, COLUMNS, { names: 'alumno', curp: 'Clave única', birthday: null })).toEqual({ curp: 1, no_control: null, names: 0, first_name: null, birthday: null });
  });

  it('falls back to the names when the saved header is not in this file', () => {
    expect(matchHeaders(['CURP'], COLUMNS, { curp: 'Clave' })).toMatchObject({ curp: 0 });
  });

  it('lists the headers no column reads', () => {
    const headers = ['CURP', 'Observaciones', ''];
    expect(unmappedHeaders(headers, matchHeaders(headers, COLUMNS))).toEqual(['Observaciones']);
  });
});
