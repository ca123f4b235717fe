// A record's history names what its keys point to: a change of `career_id` from 3 to 5 reads
// "Ingeniería Civil → Arquitectura", a change of roles reads their names, an enum value its label,
// as the record's own screens show them. Records deleted since keep their number.
import { referenceLine } from '@/lib/resource-ui/records';
import type { OperationContext } from './context';
import { META, TEXT_CHOICES, modelMeta, referenceSelect, referenceSpec } from './model';
import type { Db, ResourceDefinition } from './types';

type Change = { field: string; old: unknown; new: unknown; old_label?: string; new_label?: string };

/** The model each changed field points to: a foreign key's relation, or an id list's records
 * (a user's `roles` go through the UserRole links to Role). */
function pointedModels(definition: ResourceDefinition): Map<string, string> {
  const targets = new Map<string, string>();
  const fields = modelMeta(definition.model!).fields;
  for (const field of fields) {
    if (field.kind === 'relation' && !field.list && field.relationFrom) targets.set(field.relationFrom, field.type);
  }
  for (const name of Object.keys(definition.idLists ?? {})) {
    const links = fields.find((field) => field.name === name && field.kind === 'relation' && field.list);
    const target = links && modelMeta(links.type).fields.find((field) => field.kind === 'relation' && !field.list && field.relationFrom && field.type !== definition.model);
    if (target) targets.set(name, target.type);
  }
  return targets;
}

const idsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).map((item) => (item && typeof item === 'object' ? (item as { id?: unknown }).id : item)).map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);

/** Adds `old_label` and `new_label` to the changes of references and enum values. */
export async function labelHistory<T extends { changes: unknown }>(
  definition: ResourceDefinition,
  entries: T[],
  db: Db,
  ctx: OperationContext,
): Promise<T[]> {
  if (!definition.model) return entries;
  const targets = pointedModels(definition);
  const enums = new Map(modelMeta(definition.model).fields.filter((f) => f.kind === 'enum').map((f) => [f.name, f.type]));
  const wanted = new Map<string, Set<number>>();
  for (const entry of entries) {
    for (const change of (entry.changes as Change[]) ?? []) {
      const model = targets.get(change.field);
      if (!model) continue;
      const set = wanted.get(model) ?? new Set<number>();
      for (const id of [...idsOf(change.old), ...idsOf(change.new)]) set.add(id);
      wanted.set(model, set);
    }
  }
  const labels = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([model, ids]) => {
      if (!ids.size || !META.models[model]) return;
      const delegate = (db as unknown as Record<string, { findMany: (args: unknown) => Promise<Record<string, unknown>[]> }>)[model[0].toLowerCase() + model.slice(1)];
      const rows = await delegate.findMany({ where: { id: { in: [...ids] } }, select: referenceSelect(model) });
      const spec = referenceSpec(model);
      for (const row of rows) labels.set(`${model}:${String(row.id)}`, referenceLine(row, spec));
    }),
  );
  const labelOf = (field: string, value: unknown): string | undefined => {
    if (value === null || value === undefined || value === '') return undefined;
    const model = targets.get(field);
    // Links kept with their names (a user's roles) read as they are.
    if (model && !(Array.isArray(value) && value.some((item) => item && typeof item === 'object'))) {
      const ids = idsOf(value);
      if (!ids.length) return undefined;
      return ids.map((id) => labels.get(`${model}:${id}`) ?? `#${id}`).join(', ');
    }
    const enumType = enums.get(field);
    if (enumType && ctx.t.has(`enums.${enumType}.${String(value)}`)) return ctx.t(`enums.${enumType}.${String(value)}`);
    // A code of a text field's few choices (Sexo: M) by its name (Mujer).
    if (TEXT_CHOICES[field] && ctx.t.has(`resource.choices.${field}.${String(value)}`)) return ctx.t(`resource.choices.${field}.${String(value)}`);
    // Tuition months kept as JSON by their names.
    if (field.endsWith('_months') && Array.isArray(value)) {
      const months = value.filter((item): item is { month: number; year: number } => !!item && typeof item === 'object' && Number.isInteger(item.month) && Number.isInteger(item.year));
      return months.length ? months.map((item) => `${ctx.t(`common.month_${item.month}`)} ${item.year}`).join(', ') : undefined;
    }
    return undefined;
  };
  return entries.map((entry) => ({
    ...entry,
    changes: ((entry.changes as Change[]) ?? []).map((change) => {
      const old_label = labelOf(change.field, change.old);
      const new_label = labelOf(change.field, change.new);
      return { ...change, ...(old_label !== undefined ? { old_label } : {}), ...(new_label !== undefined ? { new_label } : {}) };
    }),
  }));
}
