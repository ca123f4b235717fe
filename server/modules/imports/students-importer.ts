// Students (alumnos) with their address, a family contact and their current group. The natural
// key is the CURP, else the control number: a student found by either is compared and updated
// field by field; a new one is created through the students owner's operations (the student
// resource's create, which gives the control number when the file has none, opens her portal
// account and enrols her in her group with `enrol`, checking its capacity and career).
import { RowOfBatchRefused, msg } from '@/server/errors';
import type { OperationContext } from '@/server/engine/context';
import type { Db, Row } from '@/server/engine/types';
import { toWire } from '@/server/engine/wire';
import { createStudentsInBulk } from '@/server/modules/students';
import { careers, catalogClass, cicles, cities, fixedChoices, groups, states } from './catalogs';
import { type ImportColumn, type Outcome, type RowError, type RowValues, defineImporter } from './definition';
import { combined, judge, sameValue, upsertThrough } from './through';
import { resources } from './importer-resources';

const SEX = fixedChoices('sex', [
  { code: 'H', name: 'Hombre' },
  { code: 'M', name: 'Mujer' },
  { code: 'X', name: 'No binario' },
]);

const COLUMNS: readonly ImportColumn[] = [
  { key: 'curp', es: 'CURP', en: 'CURP', type: 'text', example: 'GOML050312MDFRPSA4' },
  { key: 'no_control', es: 'Número de control', en: 'Control number', aliases: ['Matrícula', 'No. control', 'No control', 'Student number'], type: 'text', example: '20260001' },
  { key: 'names', es: 'Nombre(s)', en: 'Names', aliases: ['Nombre', 'Nombres', 'First name', 'Given names'], type: 'text', required: true, example: 'Lucía' },
  { key: 'first_name', es: 'Primer apellido', en: 'First surname', aliases: ['Apellido paterno', 'Paternal surname', 'Last name'], type: 'text', required: true, example: 'Gómez' },
  { key: 'second_name', es: 'Segundo apellido', en: 'Second surname', aliases: ['Apellido materno', 'Maternal surname'], type: 'text', example: 'Martínez' },
  { key: 'genre', es: 'Sexo', en: 'Sex', aliases: ['Género', 'Genero', 'Gender'], type: 'catalog', catalog: SEX, example: 'Mujer' },
  { key: 'birthday', es: 'Fecha de nacimiento', en: 'Birthday', aliases: ['Nacimiento', 'Date of birth', 'Birth date'], type: 'date', example: '12/03/2005' },
  { key: 'email', es: 'Correo electrónico', en: 'Email', aliases: ['Correo', 'E-mail'], type: 'text', example: 'lucia.gomez@example.com' },
  { key: 'telephone', es: 'Teléfono', en: 'Telephone', aliases: ['Phone'], type: 'text', example: '5512345678' },
  { key: 'rfc', es: 'RFC', en: 'RFC', type: 'text', example: '' },
  { key: 'career', es: 'Carrera', en: 'Career', aliases: ['Programa', 'Licenciatura', 'Programme'], type: 'catalog', catalog: careers, example: 'ISC' },
  { key: 'cicle', es: 'Periodo', en: 'Period', aliases: ['Ciclo', 'Ciclo escolar', 'Cicle'], type: 'catalog', catalog: cicles, example: '2026-1' },
  { key: 'cicle_start', es: 'Periodo de ingreso', en: 'Starting period', aliases: ['Ciclo de ingreso', 'Ingreso'], type: 'catalog', catalog: cicles, example: '2026-1' },
  { key: 'group', es: 'Grupo', en: 'Group', aliases: ['Grupo actual', 'Current group'], type: 'catalog', catalog: groups, example: '1A' },
  { key: 'civil_state', es: 'Estado civil', en: 'Civil state', aliases: ['Marital status'], type: 'catalog', catalog: catalogClass('civil-states', 6), example: 'Soltero' },
  { key: 'score_origin', es: 'Promedio de procedencia', en: 'Previous average', aliases: ['Promedio', 'Average'], type: 'decimal', example: '8,7' },
  { key: 'street', es: 'Calle', en: 'Street', type: 'text', example: 'Av. Juárez' },
  { key: 'no_external', es: 'Número exterior', en: 'Exterior number', aliases: ['No. exterior', 'Num ext'], type: 'text', example: '120' },
  { key: 'no_internal', es: 'Número interior', en: 'Interior number', aliases: ['No. interior', 'Num int'], type: 'text', example: '' },
  { key: 'colony', es: 'Colonia', en: 'Neighbourhood', aliases: ['Colony'], type: 'text', example: 'Centro' },
  { key: 'cp', es: 'Código postal', en: 'Postal code', aliases: ['CP', 'C.P.', 'Zip code'], type: 'text', example: '06000' },
  { key: 'state', es: 'Estado', en: 'State', aliases: ['Entidad', 'Entidad federativa'], type: 'catalog', catalog: states, example: 'Ciudad de México' },
  { key: 'city', es: 'Municipio', en: 'Municipality', aliases: ['Ciudad', 'Alcaldía', 'City'], type: 'catalog', catalog: cities, example: 'Cuauhtémoc' },
  { key: 'cellphone', es: 'Celular', en: 'Mobile phone', aliases: ['Teléfono celular', 'Cellphone', 'Mobile'], type: 'text', example: '5587654321' },
  { key: 'family_names', es: 'Nombre(s) del familiar', en: 'Relative’s names', aliases: ['Nombre del tutor', 'Tutor'], type: 'text', example: 'María' },
  { key: 'family_first_name', es: 'Primer apellido del familiar', en: 'Relative’s first surname', aliases: ['Apellido paterno del tutor'], type: 'text', example: 'Martínez' },
  { key: 'family_second_name', es: 'Segundo apellido del familiar', en: 'Relative’s second surname', aliases: ['Apellido materno del tutor'], type: 'text', example: 'Ruiz' },
  { key: 'family_email', es: 'Correo del familiar', en: 'Relative’s email', type: 'text', example: 'maria.martinez@example.com' },
  { key: 'parent_type', es: 'Parentesco', en: 'Kinship', aliases: ['Relación', 'Relationship'], type: 'catalog', catalog: catalogClass('kinships', 4), example: 'Madre' },
];

const STUDENT_FIELDS: Record<string, string> = {
  curp: 'curp', no_control: 'no_control', names: 'names', first_name: 'first_name', second_name: 'second_name', genre: 'genre', birthday: 'birthday', email: 'email', telephone: 'telephone', rfc: 'rfc',
  career: 'career_id', cicle: 'cicle_id', cicle_start: 'cicle_start_id', group: 'current_group_id', civil_state: 'civil_state_id', score_origin: 'score_origin',
};
const ADDRESS_FIELDS: Record<string, string> = { street: 'street', no_external: 'no_external', no_internal: 'no_internal', colony: 'colony', cp: 'cp', state: 'state_id', city: 'city_id', cellphone: 'cellphone' };
const FAMILY_FIELDS: Record<string, string> = { family_names: 'names', family_first_name: 'first_name', family_second_name: 'second_name', family_email: 'email' };

/** The payload of one part: its fields the file has a value for (an empty cell leaves the stored value). */
function part(values: RowValues, fields: Record<string, string>): Row {
  const payload: Row = {};
  for (const [column, field] of Object.entries(fields)) if (values[column] !== null && values[column] !== undefined) payload[field] = values[column];
  return payload;
}

const columnsOf = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([column, field]) => [field, column]));

type StudentRow = { student: { payload: Row; parsed: Row }; address: { payload: Row; parsed: Row } | null; family: { payload: Row; parsed: Row } | null; parentTypeId: number | null };

const keyOf = (row: StudentRow) => ({ curp: (row.student.parsed.curp as string | null | undefined) ?? null, noControl: (row.student.parsed.no_control as string | null | undefined) ?? null });

/** What a part of a row gives, compared as `upsertThrough` compares it (parsed values of the given fields). */
function given(part: { payload: Row; parsed: Row }): Row {
  const fields: Row = {};
  for (const field of Object.keys(part.payload)) fields[field] = field in part.parsed ? part.parsed[field] : part.payload[field];
  return fields;
}

function same(part: { payload: Row; parsed: Row } | null, stored: Row | null | undefined): boolean {
  if (!part) return true;
  if (!stored) return false;
  // Field by field, each stored value in its wire form only when compared (a whole record's would cost more than the comparison).
  for (const [field, value] of Object.entries(given(part))) if (value !== undefined && !sameValue(value, toWire(stored[field]))) return false;
  return true;
}

/** The stored students a batch names (by CURP or control number), with the parts a row compares, in one query. */
async function storedStudents(db: Db, rows: readonly StudentRow[]) {
  const keys = rows.map(keyOf);
  const curps = keys.map((key) => key.curp).filter((value): value is string => !!value);
  const numbers = keys.map((key) => key.noControl).filter((value): value is string => !!value);
  const found = await db.student.findMany({
    where: { OR: [{ curp: { in: curps } }, { no_control: { in: numbers } }] },
    include: { address: true, families: { orderBy: { id: 'asc' }, take: 1, include: { family: true } } },
  });
  const byCurp = new Map(found.filter((student) => student.curp).map((student) => [student.curp!, student]));
  const byNumber = new Map(found.map((student) => [student.no_control, student]));
  // The same precedence as `write`: her CURP, else her control number.
  return keys.map((key) => (key.curp ? byCurp.get(key.curp) : undefined) ?? (key.noControl ? byNumber.get(key.noControl) : undefined) ?? null);
}

/** Whether a stored student already holds every value of the row (then nothing is written). */
function unchanged(row: StudentRow, stored: NonNullable<Awaited<ReturnType<typeof storedStudents>>[number]>): boolean {
  const link = stored.families[0] ?? null;
  const linkSame = !row.family || (link !== null && (row.parentTypeId === null || link.parent_type_id === row.parentTypeId));
  return same(row.student, stored) && same(row.address, stored.address) && same(row.family, link?.family) && linkSame;
}

export const studentsImporter = defineImporter<StudentRow>({
  name: 'students',
  resource: () => resources.student,
  columns: COLUMNS,
  naturalKey: ['curp', 'no_control'],
  columnOfField: { ...columnsOf(FAMILY_FIELDS), ...columnsOf(ADDRESS_FIELDS), ...columnsOf(STUDENT_FIELDS), parent_type_id: 'parent_type', student_id: 'curp' },
  validate: async (values) => {
    const errors: RowError[] = [];
    if (!values.curp && !values.no_control) errors.push({ column: 'curp', message: msg('imports.errors.no_key') });
    const student = judge(resources.student.createSchema, part(values, STUDENT_FIELDS), columnsOf(STUDENT_FIELDS));
    if (!student.ok) errors.push(...student.errors);
    const addressPayload = part(values, ADDRESS_FIELDS);
    const address = Object.keys(addressPayload).length ? judge(resources.address.createSchema, addressPayload, columnsOf(ADDRESS_FIELDS)) : null;
    if (address && !address.ok) errors.push(...address.errors);
    const familyPayload = part(values, FAMILY_FIELDS);
    const family = Object.keys(familyPayload).length || values.parent_type ? judge(resources.family.createSchema, familyPayload, columnsOf(FAMILY_FIELDS)) : null;
    if (family && !family.ok) errors.push(...family.errors);
    if (errors.length || !student.ok || (address && !address.ok) || (family && !family.ok)) return { ok: false, errors };
    const curp = typeof student.parsed.curp === 'string' ? student.parsed.curp : null;
    return {
      ok: true,
      key: curp ? `curp:${curp}` : `no_control:${String(values.no_control)}`,
      input: {
        student: { payload: part(values, STUDENT_FIELDS), parsed: student.parsed },
        address: address?.ok ? { payload: addressPayload, parsed: address.parsed } : null,
        family: family?.ok ? { payload: familyPayload, parsed: family.parsed } : null,
        parentTypeId: typeof values.parent_type === 'number' ? values.parent_type : null,
      },
    };
  },
  write: (row, ctx) => writeOne(row, ctx),
  // A batch: the stored students in one query; a row that changes nothing is left alone, a row that
  // corrects a stored student goes through `write` (the engine's update, her state's rules); the new
  // students are created together by the students owner (createStudentsInBulk).
  writeBatch: async (rows, ctx) => {
    const stored = await storedStudents(ctx.tx!, rows);
    const outcomes: Outcome[] = new Array(rows.length);
    const fresh: number[] = [];
    for (const [index, row] of rows.entries()) {
      const student = stored[index];
      if (!student) fresh.push(index);
      else if (unchanged(row, student)) outcomes[index] = 'unchanged';
      else {
        try {
          outcomes[index] = await writeOne(row, ctx);
        } catch (error) {
          throw new RowOfBatchRefused(index, error);
        }
      }
    }
    try {
      await createStudentsInBulk(ctx.tx!, ctx.actor, fresh.map((index) => ({ student: rows[index].student.parsed, address: rows[index].address?.parsed ?? null, family: rows[index].family?.parsed ?? null, parentTypeId: rows[index].parentTypeId })), ctx.reason);
    } catch (error) {
      if (error instanceof RowOfBatchRefused) throw new RowOfBatchRefused(fresh[error.index], error.refusal);
      throw error;
    }
    for (const index of fresh) outcomes[index] = 'created';
    return outcomes;
  },
});

/** One row through the engine's create and update of each part (the row path). */
async function writeOne(row: StudentRow, ctx: OperationContext): Promise<Outcome> {
    const db = ctx.tx!;
    const curp = (row.student.parsed.curp as string | null | undefined) ?? null;
    const noControl = (row.student.parsed.no_control as string | null | undefined) ?? null;
    const select = { id: true, address_id: true } as const;
    const existing = (curp ? await db.student.findUnique({ where: { curp }, select }) : null) ?? (noControl ? await db.student.findUnique({ where: { no_control: noControl }, select }) : null);

    let addressOutcome: 'created' | 'updated' | 'unchanged' = 'unchanged';
    let addressId = existing?.address_id ?? null;
    if (row.address) {
      const written = await upsertThrough(resources.address, ctx, addressId, row.address.payload, row.address.parsed);
      addressOutcome = existing ? written.outcome : 'unchanged';
      addressId = written.id;
    }
    const studentPayload = { ...row.student.payload, ...(addressId !== null && addressId !== existing?.address_id ? { address_id: addressId } : {}) };
    const studentParsed = { ...row.student.parsed, ...(addressId !== null && addressId !== existing?.address_id ? { address_id: addressId } : {}) };
    const student = await upsertThrough(resources.student, ctx, existing?.id ?? null, studentPayload, studentParsed);

    let familyOutcome: 'created' | 'updated' | 'unchanged' = 'unchanged';
    if (row.family) {
      const link = existing ? await db.studentFamily.findFirst({ where: { student_id: student.id }, orderBy: { id: 'asc' }, select: { id: true, family_id: true } }) : null;
      const family = await upsertThrough(resources.family, ctx, link?.family_id ?? null, row.family.payload, row.family.parsed);
      const linkPayload = { student_id: student.id, family_id: family.id, ...(row.parentTypeId !== null ? { parent_type_id: row.parentTypeId } : {}) };
      const linked = await upsertThrough(resources.studentFamily, ctx, link?.id ?? null, linkPayload);
      familyOutcome = existing ? combined(family.outcome, linked.outcome) : 'unchanged';
    }
    return combined(student.outcome, addressOutcome, familyOutcome);
}
