// Builds a valid create payload for any resource from the model's metadata: required fields get
// plain valid values, required foreign keys point at existing rows (a row not yet used when the
// key is unique), so the contract test can create, update and delete a record of every resource.
import { getPool } from '@/server/db/client';
import { META, modelMeta } from '@/server/engine/model';
import type { FieldMeta, ModelMeta } from '@/server/db/schema-meta';

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(counter += 1)}`;

/** Values a field's validation accepts, for fields whose rules are stricter than their type. */
const OVERRIDES: Record<string, Record<string, unknown>> = {
  Student: { curp: null, rfc: null },
  Teacher: { curp: null, rfc: null },
  TeacherAccount: { clabe: null },
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
  // A unique key would collide with an existing row: pick a target nobody points at yet.
  const sql = inUniqueKey(model, field)
    ? `SELECT t.id FROM "${target.table}" t WHERE NOT EXISTS (SELECT 1 FROM "${model.table}" m WHERE m."${field.name}" = t.id) ORDER BY t.id DESC LIMIT 1`
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
      if (override !== null) payload[field.name] = override;
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

/** A change an update can make: a non-unique text field, else a flag. */
export function changeFor(modelName: string, payload: Record<string, unknown>): Record<string, unknown> | null {
  const model = modelMeta(modelName);
  const text = model.fields.find(
    (f) => f.kind === 'scalar' && f.type === 'String' && !f.list && !inUniqueKey(model, f) && f.name !== 'search_text' && !/pass|email|curp|rfc|clabe|url|code|xml/.test(f.name) && !(OVERRIDES[modelName]?.[f.name] === null),
  );
  if (text) return { [text.name]: `Cambio ${unique()}`.slice(0, text.maxLength ?? 100) };
  const flag = model.fields.find((f) => f.type === 'Boolean' && !f.list);
  if (flag) return { [flag.name]: !(payload[flag.name] ?? false) };
  return null;
}
