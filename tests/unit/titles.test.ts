// SEP electronic titles, the pure parts: each signer's cadena original (SEP's field order, an empty
// optional field keeps its place, text in upper case), the record → SEP mapping with the problems
// that stop a title, the status machine, and the XML read back as it was written.
import { describe, expect, it } from 'vitest';
import { type Firmante, type Titulo, cadenaFields, cadenaOriginal, sepText } from '@/lib/titles/cadena';
import { type TitleRecord, firmanteOf, sepId, tituloOf } from '@/lib/titles/fields';
import { TITLE_STATUSES, type TitleStatus, isEditable, nextStatus, stepsFrom } from '@/lib/titles/status';
import { readTituloXml, tituloXml } from '@/lib/titles/xml';
import { sampleTitleRecord } from '../factories/titles';

const record: TitleRecord = sampleTitleRecord();

const firmante: Firmante = { nombre: 'RICARDO', primerApellido: 'VILLASEÑOR', segundoApellido: null, curp: 'COAM750203MJCVCN09', idCargo: '3', cargo: 'RECTOR', abrTitulo: 'DR.' };

function titulo(): Titulo {
  const mapped = tituloOf(record);
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.problems));
  return mapped.value;
}

describe('cadena original', () => {
  it('follows SEP order, keeps empty optional fields in place and writes upper case', () => {
    expect(cadenaOriginal(titulo(), firmante)).toBe(
      '||1.0|PLT202600001|COAM750203MJCVCN09|3|RECTOR|DR.|141234|UNIVERSIDAD PLANTEL|610301|INGENIERÍA EN SISTEMAS|2019-08-19|2023-06-30|2|RVOE ESTATAL|20190101|' +
        'VIIR620914HJCLXC07|JOSÉ ÑOÑO|PEÑA||Jose.Pena@Example.com|2024-01-15|1|POR TESIS|2023-12-01||1|1|ART. 52 LRART. 5 CONST|14|JALISCO|' +
        'PREPARATORIA 5|4|BACHILLERATO|09|CIUDAD DE MÉXICO||2019-06-28|||',
    );
  });

  it.each([
    ['no optional field', {}, 38],
    ['every optional field absent', { numeroRvoe: null }, 38],
  ])('always has 38 fields (%s)', (_label, carrera, count) => {
    const base = titulo();
    expect(cadenaFields({ ...base, carrera: { ...base.carrera, ...carrera } }, firmante)).toHaveLength(count);
  });

  it.each([
    ['abrTitulo', { ...firmante, abrTitulo: null }, 5],
    ['segundoApellido does not enter the cadena', { ...firmante, segundoApellido: 'X' }, -1],
  ] as const)('an empty %s keeps its place', (_label, signer, emptyAt) => {
    const fields = cadenaOriginal(titulo(), signer).slice(2, -2).split('|');
    expect(fields).toHaveLength(38);
    if (emptyAt >= 0) expect(fields[emptyAt]).toBe('');
    else expect(fields).not.toContain('X');
  });

  it('each signer has their own cadena: only their curp, cargo and title differ', () => {
    const other: Firmante = { ...firmante, curp: 'VIIR620914HJCLXC07', idCargo: '5', cargo: 'RESPONSABLE DE EXPEDICIÓN', abrTitulo: 'MTRA.' };
    const a = cadenaFields(titulo(), firmante);
    const b = cadenaFields(titulo(), other);
    const differing = a.map((value, index) => (value === b[index] ? null : index)).filter((index) => index !== null);
    expect(differing).toEqual([2, 3, 4, 5]);
  });

  it.each([
    ['  ingeniería   en sistemas ', 'INGENIERÍA EN SISTEMAS'],
    ['ñandú', 'ÑANDÚ'],
    ['', null],
    ['   ', null],
    [null, null],
  ])('sepText(%j) = %j', (input, expected) => {
    expect(sepText(input)).toBe(expected);
  });
});

describe('record to SEP', () => {
  it.each([
    [{ code: 'MOD-1', name: '' }, '1'],
    [{ code: 'ENT-09', name: '' }, '09'],
    [{ code: '10', name: '' }, '10'],
    [{ code: null, name: '' }, null],
    [null, null],
  ])('sepId(%j) = %j', (entry, expected) => {
    expect(sepId(entry)).toBe(expected);
  });

  it.each([
    ['no CURP', { curp: null }, [{ field: 'curp', key: 'errors.required' }]],
    ['a bad CURP', { curp: 'XXXX' }, [{ field: 'curp', key: 'titles.errors.curp' }]],
    ['no e-mail', { email: ' ' }, [{ field: 'email', key: 'errors.required' }]],
    ['no modality', { modality: null }, [{ field: 'modality_id', key: 'errors.required' }]],
    ['neither exam nor exemption', { test_date: null }, [{ field: 'test_date', key: 'titles.errors.exam_or_exemption' }]],
    ['both exam and exemption', { exemption_date: '2023-12-02' }, [{ field: 'exemption_date', key: 'titles.errors.exam_and_exemption' }]],
    ['a pipe in a name', { names: 'ANA|MARÍA' }, [{ field: 'names', key: 'titles.errors.pipe' }]],
    ['RVOE authorization without number', { rvoe: null }, [{ field: 'rvoe', key: 'errors.required' }]],
    ['antecedent after the career start', { antecedent_end: '2020-01-01' }, [{ field: 'antecedent_end', key: 'titles.errors.antecedent_before_career' }]],
    ['issued before the career ended', { exp_date: '2023-01-01' }, [{ field: 'exp_date', key: 'titles.errors.exp_after_end' }]],
    ['no career end', { career_end: null }, [{ field: 'career_end', key: 'errors.required' }]],
  ] as const)('refuses %s', (_label, change, problems) => {
    expect(tituloOf({ ...record, ...change })).toEqual({ ok: false, problems });
  });

  it('an authorization that is not an RVOE needs no RVOE number', () => {
    const mapped = tituloOf({ ...record, authorization: { code: '8', name: 'Decreto de creación' }, rvoe: null });
    expect(mapped.ok && mapped.value.carrera).toMatchObject({ idAutorizacionReconocimiento: '8', autorizacionReconocimiento: 'DECRETO DE CREACIÓN', numeroRvoe: null });
  });

  it('maps the signer with the cargo of the catalogue', () => {
    expect(firmanteOf({ names: 'Mónica', first_name: 'Covarrubias', second_name: 'Aceves', curp: 'COAM750203MJCVCN09', abr_title: 'mtra.', charge: { code: '5', name: 'Responsable de expedición' } })).toEqual({
      ok: true,
      value: { nombre: 'MÓNICA', primerApellido: 'COVARRUBIAS', segundoApellido: 'ACEVES', curp: 'COAM750203MJCVCN09', idCargo: '5', cargo: 'RESPONSABLE DE EXPEDICIÓN', abrTitulo: 'MTRA.' },
    });
    expect(firmanteOf({ names: 'A', first_name: 'B', second_name: null, curp: 'COAM750203MJCVCN09', abr_title: null, charge: null })).toEqual({ ok: false, problems: [{ field: 'charge_id', key: 'errors.required' }] });
  });
});

describe('status machine', () => {
  const table: [TitleStatus, string[]][] = [
    ['DRAFT', ['sign']],
    ['SIGNED', ['send', 'void']],
    ['SENT', ['accept', 'reject']],
    ['ACCEPTED', ['cancel']],
    ['REJECTED', ['sign']],
    ['CANCELLED', []],
  ];
  it.each(table)('%s allows %j', (status, steps) => {
    expect(stepsFrom(status)).toEqual(steps);
  });

  it.each([
    ['DRAFT', 'sign', 'SIGNED'],
    ['REJECTED', 'sign', 'SIGNED'],
    ['SIGNED', 'sign', null],
    ['SIGNED', 'send', 'SENT'],
    ['DRAFT', 'send', null],
    ['SENT', 'accept', 'ACCEPTED'],
    ['SENT', 'reject', 'REJECTED'],
    ['ACCEPTED', 'cancel', 'CANCELLED'],
    ['SENT', 'cancel', null],
    ['SIGNED', 'void', 'DRAFT'],
    ['DRAFT', 'void', null],
    ['SENT', 'void', null],
    ['ACCEPTED', 'void', null],
    ['REJECTED', 'void', null],
  ] as const)('%s --%s--> %s', (from, step, to) => {
    expect(nextStatus(from, step)).toBe(to);
  });

  it('edits only drafts and rejected titles', () => {
    expect(TITLE_STATUSES.filter(isEditable)).toEqual(['DRAFT', 'REJECTED']);
  });
});

describe('XML', () => {
  it('reads back the data and signatures it was written with', () => {
    const firma = { ...firmante, sello: 'c2VsbG8=', certificadoResponsable: 'Y2Vy', noCertificadoResponsable: '00001000000700001001' };
    const xml = tituloXml(titulo(), [firma]);
    expect(xml).not.toContain('segundoApellido=""');
    const back = readTituloXml(xml);
    expect(back.titulo).toEqual(titulo());
    expect(back.firmas).toEqual([firma]);
    expect(cadenaOriginal(back.titulo, back.firmas[0])).toBe(cadenaOriginal(titulo(), firmante));
  });
});
