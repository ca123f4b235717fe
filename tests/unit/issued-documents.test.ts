// The pure parts of issued documents (issue 30): the canonical JSON their seal covers, the folio,
// the template, the token, the hash and the seal verified against the certificate.
import { describe, expect, it } from 'vitest';
import { CanonicalError, canonicalJson } from '@/lib/documents/canonical';
import { formatFolio, parseFolio } from '@/lib/documents/folio';
import { fillTemplate, unknownPlaceholders } from '@/lib/documents/template';
import { Prisma } from '@/server/db/client';
import { openCredential } from '@/server/esign/credential';
import { isToken, newToken, sealData, sha256Hex, verifySealedData } from '@/server/modules/documents/seal';
import { demoCredential } from '@/prisma/seed/credentials/demo';

describe('canonicalJson', () => {
  it.each([
    ['sorts keys at every level', { b: 1, a: { d: [{ z: 1, y: 2 }], c: 'x' } }, '{"a":{"c":"x","d":[{"y":2,"z":1}]},"b":1}'],
    ['leaves undefined out, keeps null', { a: undefined, b: null }, '{"b":null}'],
    ['writes dates as YYYY-MM-DD', { day: new Date('2026-11-28T00:00:00Z') }, '{"day":"2026-11-28"}'],
    ['writes exact decimals as their text', { score: new Prisma.Decimal('8.50'), credits: '7.5' }, '{"credits":"7.5","score":"8.5"}'],
    ['keeps accents and ñ as they are', { name: 'Núñez Peña' }, '{"name":"Núñez Peña"}'],
    ['writes -0 as 0', { n: -0 }, '{"n":0}'],
    ['an undefined in a list is null', { list: [1, undefined] }, '{"list":[1,null]}'],
  ])('%s', (_name, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('is the same text whatever order the keys were written in', () => {
    expect(canonicalJson({ x: 1, y: { b: 2, a: 1 } })).toBe(canonicalJson({ y: { a: 1, b: 2 }, x: 1 }));
  });

  it.each([
    ['a fraction as a float', { score: 8.5 }],
    ['an unsafe integer', { n: 2 ** 60 }],
    ['an invalid date', { day: new Date('x') }],
    ['undefined alone', undefined],
    ['a function', { f: () => 1 }],
  ])('refuses %s', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(CanonicalError);
  });
});

describe('folios', () => {
  it.each([
    ['CON', 1, 'CON-000001'],
    ['BOL', 123456, 'BOL-123456'],
    ['CER', 1234567, 'CER-1234567'],
  ])('%s %i -> %s', (prefix, number, folio) => {
    expect(formatFolio(prefix, number)).toBe(folio);
    expect(parseFolio(folio)).toEqual({ prefix, number });
  });

  it.each([
    ['con', 1],
    ['', 1],
    ['ABCDEFGHIJK', 1],
    ['CON', 0],
    ['CON', 1.5],
  ])('refuses prefix %j and number %j', (prefix, number) => {
    expect(() => formatFolio(prefix, number)).toThrow();
  });

  it.each(['CON-1', 'CON000001', 'CON-000000', '-000001'])('does not read %j as a folio', (text) => {
    expect(parseFolio(text)).toBeNull();
  });
});

describe('templates', () => {
  it.each([
    ['fills every placeholder', 'Se hace constar que {nombre} ({no_control})', { nombre: 'Ana', no_control: '2026001' }, 'Se hace constar que Ana (2026001)'],
    ['repeats a placeholder', '{nombre} y {nombre}', { nombre: 'Ana' }, 'Ana y Ana'],
    ['leaves one without a value as written', 'Grupo {grupo}', {}, 'Grupo {grupo}'],
    ['leaves null as written', 'Grupo {grupo}', { grupo: null }, 'Grupo {grupo}'],
    ['takes an empty value', 'A{proposito}B', { proposito: '' }, 'AB'],
    ['does not read braces inside a value', '{nombre}', { nombre: '{curp}', curp: 'X' }, '{curp}'],
  ])('%s', (_name, template, values, expected) => {
    expect(fillTemplate(template, values)).toBe(expected);
  });

  it('names the placeholders no document fills', () => {
    expect(unknownPlaceholders('{nombre} {nombres} {grupo} {nombres}')).toEqual(['nombres']);
    expect(unknownPlaceholders('{nombre} {periodo}')).toEqual([]);
  });
});

describe('tokens', () => {
  it('are 128 random bits as base64url, never the same twice', () => {
    const tokens = Array.from({ length: 1000 }, () => newToken());
    expect(new Set(tokens).size).toBe(1000);
    for (const token of tokens.slice(0, 50)) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(16);
      expect(isToken(token)).toBe(true);
    }
  });

  it('are made of the random source’s 16 bytes', () => {
    expect(newToken((size) => Buffer.alloc(size, 0xff))).toBe('_____________________w');
  });

  it.each(['', 'abc', 'a'.repeat(23), 'a'.repeat(21), `${'a'.repeat(21)}=`, `${'a'.repeat(21)}+`, null, 42])('does not take %j for a token', (text) => {
    expect(isToken(text)).toBe(false);
  });
});

describe('hash and seal', () => {
  const files = demoCredential('school-csd');
  const credential = openCredential(files.cer, files.key, files.password);
  const data = canonicalJson({ folio: 'CON-000001', holder: { name: 'Ana López Martínez' } });

  it('hashes the UTF-8 bytes with SHA-256', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(new TextEncoder().encode('ñ'))).toBe(sha256Hex('ñ'));
  });

  it('verifies a seal against the certificate kept with it', () => {
    const sealed = sealData(data, credential);
    expect(sealed.cert_number).toBe(credential.certificate.number);
    expect(verifySealedData({ data, ...sealed })).toBe(true);
  });

  it.each([
    ['changed data', (s: ReturnType<typeof sealData>) => ({ ...s, data: data.replace('Ana', 'Eva') })],
    ['changed data with its hash recomputed', (s: ReturnType<typeof sealData>) => ({ ...s, data: data.replace('Ana', 'Eva'), data_sha256: sha256Hex(data.replace('Ana', 'Eva')) })],
    ['another seal', (s: ReturnType<typeof sealData>) => ({ ...s, data, seal: credential.sign(`${data} `) })],
    ['an unreadable seal', (s: ReturnType<typeof sealData>) => ({ ...s, data, seal: 'no es base64 ¡' })],
    ['an unreadable certificate', (s: ReturnType<typeof sealData>) => ({ ...s, data, certificate: 'AAAA' })],
  ])('refuses %s', (_name, change) => {
    expect(verifySealedData(change(sealData(data, credential)))).toBe(false);
  });
});
