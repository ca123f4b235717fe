// Builds a valid create payload for any resource from the model's metadata: required fields get
// plain valid values, required foreign keys point at existing rows (a row not yet used when the
// key is unique), so the contract test can create, update and delete a record of every resource.
import { getPool } from '@/server/db/client';
import { META, modelMeta } from '@/server/engine/model';
import type { FieldMeta, ModelMeta } from '@/server/db/schema-meta';

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(counter += 1)}`;

type Override = string | number | boolean | null | ((context: { next: number }) => unknown);

const digits = (length: number, n: number) => String(n).padStart(length, '0').slice(-length);
const letters = (length: number, n: number) =>
  Array.from({ length }, (_, i) => String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26))).join('');

/** A cicle without the given partial number (created when every cicle has it). */
async function cicleWithout(no: number): Promise<number> {
  const pool = getPool();
  const free = await pool.query<{ id: number }>(`SELECT c.id FROM cicles c WHERE NOT EXISTS (SELECT 1 FROM partials p WHERE p.cicle_id = c.id AND p.no = $1) ORDER BY c.id LIMIT 1`, [no]);
  if (free.rows[0]) return free.rows[0].id;
  const campus = await pool.query<{ id: number }>('SELECT id FROM campuses ORDER BY id LIMIT 1');
  const created = await pool.query<{ id: number }>(
    `INSERT INTO cicles (description, start, "end", year, campus_id, updated_at) VALUES ('Ciclo de prueba', '2030-01-10', '2030-06-30', 2030, $1, now()) RETURNING id`,
    [campus.rows[0].id],
  );
  return created.rows[0].id;
}

/** The first row of a table that matches a condition (a record still open to changes). */
async function firstWhere(table: string, condition: string): Promise<number | null> {
  const { rows } = await getPool().query<{ id: number }>(`SELECT id FROM "${table}" WHERE ${condition} ORDER BY id LIMIT 1`);
  return rows[0]?.id ?? null;
}

/**
 * A student of this test run only, for records that change the student they name (a withdrawal
 * deactivates them; a movement moves them): the demo students other tests sign in as stay as they
 * are. With `movable`, they are enrolled in a group that has a sibling with room (same period and
 * career), which `movementTarget` answers.
 */
let movementTarget: number | null = null;
async function throwawayStudent(movable = false): Promise<number> {
  const pool = getPool();
  let group: { from_id: number; to_id: number; career_id: number; cicle_id: number } | undefined;
  if (movable) {
    ({ rows: [group] } = await pool.query<{ from_id: number; to_id: number; career_id: number; cicle_id: number }>(
      `SELECT a.id AS from_id, b.id AS to_id, a.career_id, a.cicle_id FROM groups a JOIN groups b ON b.cicle_id = a.cicle_id AND b.career_id = a.career_id AND b.id <> a.id
        WHERE a.status AND b.status AND a.career_id IS NOT NULL
          AND (b.capacity = 0 OR b.capacity > (SELECT count(*) FROM student_groups x WHERE x.group_id = b.id AND x.status AND x.is_current AND x.subject_id IS NULL))
        ORDER BY a.id LIMIT 1`,
    ));
  }
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO students (no_control, names, first_name, career_id, cicle_id, current_group_id, updated_at) VALUES ($1, 'Prueba', 'Contrato', $2, $3, $4, now()) RETURNING id`,
    [`T${unique()}`.slice(0, 20), group?.career_id ?? null, group?.cicle_id ?? null, group?.from_id ?? null],
  );
  if (group) {
    await pool.query(`INSERT INTO student_groups (student_id, group_id, is_current, updated_at) VALUES ($1, $2, true, now())`, [rows[0].id, group.from_id]);
    movementTarget = group.to_id;
  }
  return rows[0].id;
}

/** A score's place that the capture rules take: a student on a schedule's sheet, in an ordinary
 * partial of its period without factors, with no score there yet. */
let scoreSlot: { partial_id: number; student_id: number; schedule_id: number } | undefined;
async function freeScoreSlot(): Promise<number | null> {
  ({ rows: [scoreSlot] } = await getPool().query<{ partial_id: number; student_id: number; schedule_id: number }>(
    `SELECT p.id AS partial_id, sg.student_id, sch.id AS schedule_id FROM schedules sch
       JOIN groups g ON g.id = sch.group_id
       JOIN student_groups sg ON sg.group_id = sch.group_id AND sg.status AND (sg.subject_id IS NULL OR sg.subject_id = sch.subject_id)
       JOIN partials p ON p.cicle_id = g.cicle_id AND p.partial_type = 'O'
      WHERE NOT EXISTS (SELECT 1 FROM factors f WHERE f.schedule_id = sch.id AND f.partial_id = p.id AND f.status)
        AND NOT EXISTS (SELECT 1 FROM scores s WHERE s.student_id = sg.student_id AND s.schedule_id = sch.id AND s.partial_id = p.id)
      ORDER BY sch.id, p.id, sg.student_id LIMIT 1`,
  ));
  return scoreSlot?.partial_id ?? null;
}

/**
 * Values a field's validation accepts, for fields whose rules are stricter than their type (null
 * leaves an optional field out). Codes with a fixed format are made unique from a counter.
 */
const OVERRIDES: Record<string, Record<string, Override>> = {
  Student: { curp: null, rfc: null },
  // An enrolment is of an active student of this run in an active group with room (enrol refuses the rest).
  StudentGroup: {
    student_id: () => throwawayStudent(),
    group_id: () => firstWhere('groups', "status AND (capacity = 0 OR capacity > (SELECT count(*) FROM student_groups x WHERE x.group_id = groups.id AND x.status AND x.is_current AND x.subject_id IS NULL))"),
    subject_id: null,
  },
  Teacher: { curp: null, rfc: null },
  TeacherAccount: { clabe: null, card_no: null },
  Cicle: { year: 2026 },
  Partial: { no: 7, cicle_id: () => cicleWithout(7) },
  TitleResponsable: { curp: 'HEGG560427MVZRRL04' },
  Group: { group: 'Z' },
  // A Sunday night slot: the seeded weeks leave it free (a clash would be refused).
  ScheduleHour: { week_day: 7, start_hour: '21:00', end_hour: '21:45' },
  Termination: { student_id: () => throwawayStudent() },
  StudentMovement: { student_id: () => throwawayStudent(true), from_group_id: null, to_group_id: () => movementTarget },
  Sale: { client: 'Público en general' },
  Score: { partial_id: () => freeScoreSlot(), student_id: () => scoreSlot?.student_id ?? null, schedule_id: () => scoreSlot?.schedule_id ?? null },
  // Spec section 5: "Shift cannot be empty for an aspirant".
  Aspirant: { shift_id: () => firstWhere('shifts', 'true') },
  // Lines can be added only to a sale that is not locked and nobody paid yet (issue 27), and to an
  // invoice not yet stamped.
  SaleDetail: { sale_id: () => firstWhere('sales', 'NOT is_locked AND status AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.sale_id = sales.id AND p.status)') },
  // A payment fits in what a sale still owes; a discount grants an amount before any payment.
  Payment: { sale_id: () => firstWhere('sales', 'status AND total_debt >= 1'), amount: '0.01' },
  SaleDiscount: { sale_id: () => firstWhere('sales', 'status AND NOT paid AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.sale_id = sales.id AND p.status)'), discount: '0.01' },
  InvoiceConcept: { invoice_id: () => firstWhere('invoices', "status IN ('PENDING', 'ERROR')") },
  Recurrent: { month: ({ next }) => 1 + (next % 12), year: ({ next }) => 2030 + (next % 50) },
  InvoiceTax: { tax: '002', rate: '0.160000', invoice_concept_id: () => firstWhere('invoice_concepts', "invoice_id IN (SELECT id FROM invoices WHERE status IN ('PENDING', 'ERROR'))") },
  // A result answers a question of the poll its application applies.
  PollResult: {
    assignment_id: () => firstWhere('poll_assignments', 'true'),
    question_id: () =>
      firstWhere('poll_questions', 'section_id IN (SELECT s.id FROM poll_sections s JOIN poll_assignments a ON a.poll_id = s.poll_id WHERE a.id = (SELECT min(id) FROM poll_assignments))'),
  },
  PollAssignment: { start_at: '2026-01-15T10:00:00.000Z', end_at: '2026-02-15T10:00:00.000Z' },
  Reference: { bank_ref: ({ next }) => `9${digits(11, next)}` },
  SchoolOrigin: { cct: null },
  Invoice: { fiscal_rfc: 'EKU9003173C9', rfc: 'XAXX010101000', postal_code: '42501' },
  InvoiceData: { rfc: 'XAXX010101000', postal_code: null },
  CfdiType: { code: ({ next }) => `Z${digits(2, next)}` },
  FiscalRegime: { code: ({ next }) => `9${digits(2, next)}` },
  PaymentForm: { code: ({ next }) => digits(2, 50 + (next % 49)) },
  PaymentMethod: { code: ({ next }) => `Z${letters(2, next)}` },
  ProdServ: { code: ({ next }) => `9${digits(7, next)}` },
  Unit: { code: ({ next }) => `Z${letters(2, next)}` },
  TypeRelation: { code: ({ next }) => digits(2, 50 + (next % 49)) },
  TypeVoucher: { code: ({ next }) => letters(1, 20 - (next % 5)) },
};

function foreignTarget(model: ModelMeta, fk: string): { table: string; relation: FieldMeta } | null {
  const relation = model.fields.find((f) => f.kind === 'relation' && f.relationFrom === fk);
  return relation ? { table: modelMeta(relation.type).table, relation } : null;
}

function inUniqueKey(model: ModelMeta, field: FieldMeta): boolean {
  return field.unique || model.uniques.some((key) => key.includes(field.name));
}

async function pickRow(model: ModelMeta, field: FieldMeta): Promise<number | null> {
  const target = foreignTarget(model, field.name);
  if (!target) return null;
  const pool = getPool();
  // A one-column unique key would collide with an existing row: pick a target nobody points at
  // yet. In a key of several columns a random target makes a collision unlikely (the test retries).
  const sql = field.unique
    ? `SELECT t.id FROM "${target.table}" t WHERE NOT EXISTS (SELECT 1 FROM "${model.table}" m WHERE m."${field.name}" = t.id) ORDER BY t.id DESC LIMIT 1`
    : inUniqueKey(model, field)
      ? `SELECT id FROM "${target.table}" ORDER BY random() LIMIT 1`
      : `SELECT id FROM "${target.table}" ORDER BY id LIMIT 1`;
  const { rows } = await pool.query<{ id: number }>(sql);
  return rows[0]?.id ?? null;
}

function scalarValue(model: ModelMeta, field: FieldMeta): unknown {
  if (field.kind === 'enum') return META.enums[field.type][0];
  switch (field.type) {
    case 'String': {
      const text = `${field.name.slice(0, 6)}-${unique()}`;
      return field.maxLength ? text.slice(-field.maxLength) : text;
    }
    case 'Int':
      return inUniqueKey(model, field) ? 100 + (counter += 1) : 1;
    case 'BigInt':
      return '1';
    case 'Decimal':
      return '1.00';
    case 'Boolean':
      return false;
    case 'DateTime':
      return field.dateKind === 'Time' ? '08:00' : field.dateKind === 'Date' ? '2026-01-15' : '2026-01-15T10:00:00.000Z';
    case 'Json':
      return [];
    default:
      return null;
  }
}

/** A create payload, or null when the model needs a row that does not exist. */
export async function buildPayload(modelName: string, skip: readonly string[] = []): Promise<Record<string, unknown> | null> {
  const model = modelMeta(modelName);
  const payload: Record<string, unknown> = {};
  for (const field of model.fields) {
    if (field.kind === 'relation' || field.list || field.id || field.updatedAt || ['created_at', 'updated_at', 'search_text'].includes(field.name) || skip.includes(field.name)) continue;
    const required = !field.optional && !field.hasDefault;
    const override = OVERRIDES[modelName]?.[field.name];
    if (override !== undefined) {
      const value = typeof override === 'function' ? await override({ next: (counter += 1) }) : override;
      if (value !== null) payload[field.name] = value;
      continue;
    }
    const isForeignKey = field.type === 'Int' && foreignTarget(model, field.name);
    if (isForeignKey) {
      if (!required && !inUniqueKey(model, field)) continue;
      const id = await pickRow(model, field);
      if (id === null) {
        if (required) return null;
        continue;
      }
      payload[field.name] = id;
      continue;
    }
    if (required || inUniqueKey(model, field)) payload[field.name] = scalarValue(model, field);
  }
  return payload;
}

/** Fields the system derives from others (changing them alone changes nothing). */
const DERIVED: Record<string, string[]> = { Recurrent: ['month_name', 'paid'] };

/** Fields a record's state table locks (issue 27): a change chosen for a plain update avoids them.
 * A student's serial is her control number's; an enrolment is closed by moving or withdrawing. */
const LOCKED: Record<string, string[]> = { Student: ['serial_number'], StudentGroup: ['is_current'] };

/** A change an update can make to a record as shown: a non-unique text field, else a flag. */
export function changeFor(modelName: string, shown: Record<string, unknown>, skip: readonly string[] = []): Record<string, unknown> | null {
  const model = modelMeta(modelName);
  const text = model.fields.find(
    (f) => !skip.includes(f.name) && f.kind === 'scalar' && f.type === 'String' && !f.list && !DERIVED[modelName]?.includes(f.name) && !LOCKED[modelName]?.includes(f.name) && (f.maxLength ?? 100) >= 20 && !inUniqueKey(model, f) && f.name !== 'search_text' && !/pass|email|curp|rfc|clabe|url|code|xml/.test(f.name) && !(OVERRIDES[modelName]?.[f.name] === null),
  );
  if (text) return { [text.name]: `Cambio ${unique()}`.slice(0, text.maxLength ?? 100) };
  // The active flag last: some records refuse writes once inactive.
  const flags = model.fields.filter((f) => f.type === 'Boolean' && !f.list && !DERIVED[modelName]?.includes(f.name) && !LOCKED[modelName]?.includes(f.name));
  const flag = flags.find((f) => f.name !== 'status' && f.name !== 'is_active') ?? flags[0];
  if (flag) return { [flag.name]: !(shown[flag.name] ?? false) };
  return null;
}

/** Whether the model has a field a create must carry (required, no default, not system-set). */
export function hasRequiredFields(modelName: string): boolean {
  return modelMeta(modelName).fields.some(
    (f) => f.kind !== 'relation' && !f.list && !f.id && !f.updatedAt && !f.optional && !f.hasDefault && !['created_at', 'updated_at', 'search_text'].includes(f.name),
  );
}
