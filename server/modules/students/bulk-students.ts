// New students by the hundred (an import's batch), with the rules the student form applies to one
// (students.resource.ts): a control number from the sequence when none is given (taken in turn
// under the same advisory lock), her address and relative, her portal account (user = control
// number; a username someone else holds is refused) and her enrolment in her current group, which
// must be of her career, active, and have room (capacity counted under the group's lock, the new
// students included). Each table is written with one statement per batch, and every record
// written has its history row, all inserted in one statement.
import type { Actor } from '@/server/auth/actor';
import { UNUSABLE_PASSWORD } from '@/server/auth/password';
import type { Prisma } from '@/server/db/client';
import { type Change, type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import type { Row } from '@/server/engine/types';
import { toWire } from '@/server/engine/wire';
import { RowOfBatchRefused, conflict, fieldError } from '@/server/errors';
import { nextControlNumbers } from './control-number';
import { checkCapacity, lockGroupWithCount } from './enrolment';

type Tx = Prisma.TransactionClient;

/** One new student as the student, address and family schemas parsed her (Prisma's data). */
export type NewStudent = { student: Row; address: Row | null; family: Row | null; parentTypeId: number | null };

/** A column name of the data a schema parsed (never user text; checked all the same). */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Inserts rows given as Prisma data in one statement per set of fields (a field a row leaves out
 * keeps its column's default), the rows travelling as one JSON parameter; answers their ids in the
 * order given. The ids are taken from the table's sequence first, so no order of RETURNING is
 * relied on. `sql(columns)` is the statement for a column list (the table named in it).
 */
async function insertRows(tx: Tx, sequenceOf: string, rows: readonly Row[], sql: (columns: string) => string): Promise<number[]> {
  if (rows.length === 0) return [];
  const taken = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2::int)`, sequenceOf, rows.length);
  const ids = taken.map((row) => row.id);
  const now = new Date();
  const bySignature = new Map<string, Row[]>();
  rows.forEach((row, index) => {
    const data: Row = { id: ids[index], updated_at: now };
    for (const [field, value] of Object.entries(row)) if (value !== undefined) data[field] = value;
    const signature = Object.keys(data).sort().join(',');
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), data]);
  });
  for (const [signature, group] of bySignature) {
    const fields = signature.split(',');
    if (!fields.every((field) => IDENTIFIER.test(field))) throw new Error(`bulk insert: unexpected field in ${signature}`);
    await tx.$executeRawUnsafe(sql(fields.map((field) => `"${field}"`).join(', ')), JSON.stringify(group));
  }
  return ids;
}

/** A record's creation as history: the fields it was given. */
function created(table: string, recordId: number, actor: Actor, data: Row, reason?: string): HistoryEntry {
  const changes: Change[] = Object.entries(data)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([field, value]) => ({ field, old: null, new: toWire(value) }));
  return { table, recordId, type: '+', actor, changes, reason };
}

/**
 * Creates the students in the caller's transaction; answers their ids in the order given. A row a
 * rule refuses is thrown as RowOfBatchRefused with its place in `items` (nothing is kept, since the
 * caller's transaction rolls back).
 */
export async function createStudentsInBulk(tx: Tx, actor: Actor, items: readonly NewStudent[], reason?: string): Promise<number[]> {
  if (items.length === 0) return [];
  const history: HistoryEntry[] = [];

  // Control numbers for the students without one, in the order of the rows.
  const numbers = await nextControlNumbers(tx, items.filter((item) => !item.student.no_control).length);
  let nextNumber = 0;
  const students: Row[] = items.map((item) => (item.student.no_control ? { ...item.student } : { ...item.student, ...numbers[nextNumber++] }));

  // The current group: of her career, active, with room once the earlier rows are counted.
  const groupIds = [...new Set(students.map((student) => student.current_group_id).filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);
  const groups = new Map<number, Awaited<ReturnType<typeof lockGroupWithCount>>>();
  for (const id of groupIds) groups.set(id, await lockGroupWithCount(tx, id, 'current_group_id'));
  students.forEach((student, index) => {
    const groupId = student.current_group_id as number | null | undefined;
    if (!groupId) return;
    const group = groups.get(groupId)!;
    try {
      if (!group.status) throw fieldError('current_group_id', 'errors.unknown_reference');
      const careerId = student.career_id as number | null | undefined;
      if (careerId && group.career_id && group.career_id !== careerId) throw fieldError('current_group_id', 'scholar.enrolment.other_career');
      checkCapacity(group);
    } catch (error) {
      throw new RowOfBatchRefused(index, error);
    }
    group.enrolled += 1;
    // Her period follows her group's, as `enrol` makes it.
    student.cicle_id = group.cicle_id;
  });

  // Portal accounts: a username someone else holds is refused, as openPortalAccount does.
  const taken = await tx.user.findMany({ where: { username: { in: students.map((student) => student.no_control as string) } }, select: { username: true } });
  if (taken.length > 0) {
    const names = new Set(taken.map((user) => user.username));
    const index = students.findIndex((student) => names.has(student.no_control as string));
    throw new RowOfBatchRefused(index, conflict('scholar.portal.username_taken', { username: students[index].no_control as string }));
  }

  // Addresses first: the student points at hers.
  const withAddress = items.map((item, index) => ({ item, index })).filter(({ item }) => item.address);
  if (withAddress.length) {
    const addresses = await insertRows(tx, 'addresses', withAddress.map(({ item }) => item.address!), (columns) => `INSERT INTO addresses (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::addresses, $1::jsonb)`);
    withAddress.forEach(({ item, index }, n) => {
      students[index].address_id = addresses[n];
      history.push(created('addresses', addresses[n], actor, item.address!, reason));
    });
  }

  const ids = await insertRows(tx, 'students', students, (columns) => `INSERT INTO students (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::students, $1::jsonb)`);
  students.forEach((student, index) => history.push(created('students', ids[index], actor, student, reason)));

  // Enrolments in the current groups.
  const enrolled = students.map((student, index) => ({ student, index })).filter(({ student }) => typeof student.current_group_id === 'number');
  if (enrolled.length) {
    const enrolments = enrolled.map(({ student, index }) => ({ student_id: ids[index], group_id: student.current_group_id as number, is_current: true, is_boss: false }));
    const enrolmentIds = await insertRows(tx, 'student_groups', enrolments, (columns) => `INSERT INTO student_groups (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::student_groups, $1::jsonb)`);
    enrolments.forEach((row, n) => history.push(created('student_groups', enrolmentIds[n], actor, { student_id: row.student_id, group_id: row.group_id, is_current: true }, reason)));
  }

  // Relatives and their links.
  const withFamily = items.map((item, index) => ({ item, index })).filter(({ item }) => item.family);
  if (withFamily.length) {
    const families = await insertRows(tx, 'families', withFamily.map(({ item }) => item.family!), (columns) => `INSERT INTO families (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::families, $1::jsonb)`);
    const links = withFamily.map(({ item, index }, n) => ({ student_id: ids[index], family_id: families[n], parent_type_id: item.parentTypeId }));
    const linkIds = await insertRows(tx, 'student_families', links, (columns) => `INSERT INTO student_families (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::student_families, $1::jsonb)`);
    withFamily.forEach(({ item }, n) => history.push(created('families', families[n], actor, item.family!, reason)));
    links.forEach((link, n) => history.push(created('student_families', linkIds[n], actor, link, reason)));
  }

  // Portal accounts (user = control number, no usable password until her welcome sheet).
  const role = await tx.role.findFirst({ where: { short: 'student' }, select: { id: true } });
  const users = await insertRows(
    tx,
    'users',
    students.map((student) => ({
      username: student.no_control as string,
      first_name: student.names as string,
      last_name: [student.first_name, student.second_name].filter(Boolean).join(' '),
      email: (student.email as string | null | undefined) ?? '',
      password: UNUSABLE_PASSWORD,
      current_group_id: (student.current_group_id as number | null | undefined) ?? null,
    })),
    (columns) => `INSERT INTO users (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::users, $1::jsonb)`,
  );
  if (role) await tx.$executeRaw`INSERT INTO user_roles (user_id, role_id) SELECT unnest(${users}::int[]), ${role.id}`;
  await tx.$executeRaw`UPDATE students s SET user_id = given.user_id FROM unnest(${ids}::int[], ${users}::int[]) AS given(student_id, user_id) WHERE s.id = given.student_id`;
  users.forEach((userId, index) => {
    history.push({ table: 'users', recordId: userId, type: '+', actor, changes: [{ field: 'username', old: null, new: students[index].no_control }], reason });
    history.push({ table: 'students', recordId: ids[index], type: '~', actor, changes: [{ field: 'user_id', old: null, new: userId }], reason });
  });

  await recordHistoryMany(tx, history);
  return ids;
}
