// Multiplying a data set inside PostgreSQL (scripts/db/multiply.ts): tables in foreign-key order
// with cycles broken, the rewriting rules of unique values (suffix within the column's length, a
// copied CURP that stays valid and distinct), the copy statement built from the catalogue, and how
// the huge size is split into a base and copies.
import { describe, expect, it } from 'vitest';
import { isValidCurp } from '@/lib/mx/curp';
import { type SchemaCatalog, copiedCurp, copiedTables, emailValue, hugePlan, planTable, sortTables, suffixValue } from '@/scripts/lib/multiply-plan';

describe('sortTables', () => {
  it('puts every table after the tables it references, self references ignored', () => {
    const { order, broken } = sortTables(
      ['scores', 'students', 'careers', 'campuses', 'addresses'],
      [
        { table: 'scores', refTable: 'students' },
        { table: 'students', refTable: 'careers' },
        { table: 'students', refTable: 'addresses' },
        { table: 'careers', refTable: 'campuses' },
        { table: 'addresses', refTable: 'addresses' },
        { table: 'students', refTable: 'states' }, // a table not sorted (shared) is ignored
      ],
    );
    expect(broken).toEqual([]);
    const at = (name: string) => order.indexOf(name);
    expect(at('campuses')).toBeLessThan(at('careers'));
    expect(at('careers')).toBeLessThan(at('students'));
    expect(at('addresses')).toBeLessThan(at('students'));
    expect(at('students')).toBeLessThan(at('scores'));
    expect(order).toHaveLength(5);
  });

  it('breaks a cycle at one edge only, and keeps the order of the rest', () => {
    const { order, broken } = sortTables(
      ['users', 'groups', 'careers', 'students'],
      [
        { table: 'users', refTable: 'groups' },
        { table: 'groups', refTable: 'users' },
        { table: 'groups', refTable: 'careers' },
        { table: 'students', refTable: 'groups' },
        { table: 'students', refTable: 'users' },
      ],
    );
    expect(broken).toEqual([{ table: 'groups', refTable: 'users' }]);
    expect(order.indexOf('careers')).toBeLessThan(order.indexOf('groups'));
    expect(order.indexOf('groups')).toBeLessThan(order.indexOf('users'));
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('students'));
  });

  it('is the same whatever the input order', () => {
    const edges = [
      { table: 'b', refTable: 'a' },
      { table: 'c', refTable: 'b' },
      { table: 'a', refTable: 'c' },
    ];
    expect(sortTables(['c', 'b', 'a'], edges)).toEqual(sortTables(['a', 'b', 'c'], [...edges].reverse()));
  });
});

describe('unique values of a copy', () => {
  it('appends -k within the column length, cutting the value when it must', () => {
    expect(suffixValue('alumno', 3, 150)).toBe('alumno-3');
    expect(suffixValue('20260001', 24, 20)).toBe('20260001-24');
    expect(suffixValue('A202600001', 7, null)).toBe('A202600001-7');
    expect(suffixValue('12345678901234567890', 12, 20)).toBe('12345678901234567-12');
    expect(suffixValue(null, 1, 10)).toBeNull();
  });

  it('gives distinct values for distinct copies of one value', () => {
    const values = Array.from({ length: 24 }, (_, k) => suffixValue('NTE', k + 1, 20));
    expect(new Set(values).size).toBe(24);
  });

  it('gives the copy of a person an e-mail address of its own when it fits', () => {
    expect(emailValue('ana.lopez@correo.example', 4, 254)).toBe('ana.lopez+4@correo.example');
    expect(emailValue('ana@x.mx', 12, 10)).toBe('ana@x.mx');
    expect(emailValue('sin correo', 2, null)).toBe('sin correo');
    expect(emailValue(null, 2, null)).toBeNull();
  });

  it('rewrites a CURP into a valid homonym of the same person', () => {
    const original = 'LOMA080312MJCPRNA8'; // born 2008: the homonym character is a letter
    expect(isValidCurp(original)).toBe(true);
    const copy = copiedCurp(original, 0, 1, 24);
    expect(isValidCurp(copy)).toBe(true);
    expect(copy.slice(0, 13)).toBe(original.slice(0, 13));
    expect(copy[16]).toBe('Z');
    const older = copiedCurp('HECD880423HJCRSN06', 0, 5, 24); // born 1988: a digit
    expect(isValidCurp(older)).toBe(true);
    expect(older[16]).toBe('9');
  });

  it('never repeats a CURP across copies and homonyms of one prefix, nor gives back an original', () => {
    const originals = ['LOMA080312MJCPRNA8', 'LOMA080312MJCPRNB6'];
    const seen = new Set(originals);
    for (let rank = 0; rank < 20; rank += 1) {
      for (let copy = 1; copy <= 24; copy += 1) {
        const curp = copiedCurp(originals[rank % 2], rank, copy, 24);
        expect(isValidCurp(curp)).toBe(true);
        expect(seen.has(curp)).toBe(false);
        seen.add(curp);
      }
    }
  });
});

describe('planTable', () => {
  const catalog: SchemaCatalog = {
    tables: new Map([
      ['campuses', [{ name: 'id', type: 'integer', maxLength: null, generated: false }, { name: 'code', type: 'character varying(20)', maxLength: 20, generated: false }, { name: 'name', type: 'character varying(150)', maxLength: 150, generated: false }]],
      ['states', [{ name: 'id', type: 'integer', maxLength: null, generated: false }]],
      [
        'students',
        [
          { name: 'id', type: 'integer', maxLength: null, generated: false },
          { name: 'no_control', type: 'character varying(20)', maxLength: 20, generated: false },
          { name: 'curp', type: 'character varying(18)', maxLength: 18, generated: false },
          { name: 'campus_id', type: 'integer', maxLength: null, generated: false },
          { name: 'state_id', type: 'integer', maxLength: null, generated: false },
          { name: 'search_text', type: 'text', maxLength: null, generated: true },
        ],
      ],
    ]),
    foreignKeys: [
      { name: 'students_campus_id_fkey', table: 'students', column: 'campus_id', refTable: 'campuses', refColumn: 'id' },
      { name: 'students_state_id_fkey', table: 'students', column: 'state_id', refTable: 'states', refColumn: 'id' },
    ],
    uniqueIndexes: [
      { name: 'campuses_code_key', table: 'campuses', columns: ['code'] },
      { name: 'students_no_control_key', table: 'students', columns: ['no_control'] },
      { name: 'students_curp_key', table: 'students', columns: ['curp'] },
      { name: 'students_campus_id_no_control_key', table: 'students', columns: ['campus_id', 'no_control'] },
    ],
  };
  const copied = new Set(copiedTables(catalog));
  const offsets = new Map([['campuses', 3], ['students', 20_000]]);

  it('copies every table but the shared catalogues', () => {
    expect([...copied].sort()).toEqual(['campuses', 'students']);
  });

  it('shifts ids and references to copied tables, keeps references to shared ones, skips generated columns', () => {
    const plan = planTable('students', catalog, copied, offsets, 25);
    expect(plan.columns).toEqual(['id', 'no_control', 'curp', 'campus_id', 'state_id']);
    expect(plan.sql).toContain('"id" + copy_no.k * 20000');
    expect(plan.sql).toContain('"campus_id" + copy_no.k * 3');
    expect(plan.sql).toMatch(/, "state_id" FROM/);
    expect(plan.sql).not.toContain('search_text"');
    expect(plan.sql).toContain('generate_series(1, 24)');
    expect(plan.rewritten.sort()).toEqual(['curp', 'no_control']);
    expect(plan.sql).toContain('pg_temp.copied_curp("curp", base.curp_rank, copy_no.k, 24)');
  });

  it('renames a copied campus and rewrites its code', () => {
    const plan = planTable('campuses', catalog, copied, offsets, 25);
    expect(plan.rewritten.sort()).toEqual(['code', 'name']);
  });
});

describe('hugePlan', () => {
  it('is 25 copies of one twenty-fifth at full size, fewer copies when tried small', () => {
    expect(hugePlan(1)).toEqual({ copies: 25, baseFactor: 0.04 });
    expect(hugePlan(0.01).copies).toBe(3);
    expect(hugePlan(0.01, 4)).toEqual({ copies: 4, baseFactor: 0.0025 });
    expect(() => hugePlan(0)).toThrow();
    expect(() => hugePlan(1, 0)).toThrow();
  });
});
