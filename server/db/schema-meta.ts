// Reads the Prisma schema files into plain metadata (fields, types, lengths, relations, enums) that
// the resource engine uses to derive selects, validation, filters and exports, and the test
// factories use to build valid records. Generated once into generated/model-meta.json by
// `npm run prisma:generate`; parsing is pure so it is unit-tested on its own.

export type FieldMeta = {
  name: string;
  /** "scalar" (Int, String, Decimal, ...), "enum" or "relation". */
  kind: 'scalar' | 'enum' | 'relation';
  type: string;
  list: boolean;
  optional: boolean;
  hasDefault: boolean;
  id: boolean;
  unique: boolean;
  updatedAt: boolean;
  /** @db.VarChar(n) / @db.Char(n) length. */
  maxLength?: number;
  /** @db.Decimal(p, s) precision and scale. */
  precision?: number;
  scale?: number;
  /** "Date" or "Time" for @db.Date / @db.Time, else undefined (a timestamp). */
  dateKind?: 'Date' | 'Time';
  /** For a relation that owns the foreign key: its scalar field and the target model. */
  relationFrom?: string;
  /** The relation's name (`@relation("StudentCicle")`), which pairs a to-many field with its foreign key. */
  relationName?: string;
};

export type ModelMeta = {
  name: string;
  /** A read-only database view (Prisma `view` block). */
  isView?: boolean;
  table: string;
  fields: FieldMeta[];
  /** Composite unique constraints, e.g. [["campus_id", "code"]]. */
  uniques: string[][];
};

export type SchemaMeta = { models: Record<string, ModelMeta>; enums: Record<string, string[]> };

const SCALARS = new Set(['String', 'Int', 'BigInt', 'Float', 'Decimal', 'Boolean', 'DateTime', 'Json', 'Bytes']);

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

export function parseSchema(text: string): SchemaMeta {
  const clean = text.replace(/\/\/.*$/gm, '');
  const enums: Record<string, string[]> = {};
  for (const match of clean.matchAll(/enum\s+(\w+)\s*\{([^}]*)\}/g)) {
    enums[match[1]] = match[2]
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[0])
      .filter((value) => value && !value.startsWith('@'));
  }
  const models: Record<string, ModelMeta> = {};
  for (const match of clean.matchAll(/(model|view)\s+(\w+)\s*\{([^}]*)\}/g)) {
    const [, block, name, body] = match;
    const model: ModelMeta = { name, table: snake(name), fields: [], uniques: [], ...(block === 'view' ? { isView: true } : {}) };
    for (const raw of body.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      if (line.startsWith('@@map')) {
        model.table = /@@map\("([^"]+)"\)/.exec(line)?.[1] ?? model.table;
        continue;
      }
      if (line.startsWith('@@unique')) {
        const fields = /@@unique\(\[([^\]]+)\]/.exec(line)?.[1];
        if (fields) model.uniques.push(fields.split(',').map((f) => f.trim()));
        continue;
      }
      if (line.startsWith('@@')) continue;
      const parts = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
      if (!parts) continue;
      const [, fieldName, type, list, optional, attributes] = parts;
      const kind: FieldMeta['kind'] = SCALARS.has(type) ? 'scalar' : enums[type] || clean.includes(`enum ${type} `) ? 'enum' : 'relation';
      const field: FieldMeta = {
        name: fieldName,
        kind,
        type,
        list: !!list,
        optional: !!optional,
        hasDefault: attributes.includes('@default('),
        id: /@id\b/.test(attributes),
        unique: /@unique\b/.test(attributes),
        updatedAt: attributes.includes('@updatedAt'),
      };
      const length = /@db\.(?:VarChar|Char)\((\d+)\)/.exec(attributes);
      if (length) field.maxLength = Number(length[1]);
      const decimal = /@db\.Decimal\((\d+),\s*(\d+)\)/.exec(attributes);
      if (decimal) {
        field.precision = Number(decimal[1]);
        field.scale = Number(decimal[2]);
      }
      if (/@db\.Date\b/.test(attributes)) field.dateKind = 'Date';
      if (/@db\.Time\b/.test(attributes)) field.dateKind = 'Time';
      const from = /fields:\s*\[(\w+)\]/.exec(attributes);
      if (kind === 'relation' && from) field.relationFrom = from[1];
      const relationName = /@relation\(\s*(?:name:\s*)?"([^"]+)"/.exec(attributes);
      if (kind === 'relation' && relationName) field.relationName = relationName[1];
      model.fields.push(field);
    }
    models[name] = model;
  }
  // Enums may be declared after the models that use them.
  for (const model of Object.values(models)) {
    for (const field of model.fields) if (field.kind === 'relation' && enums[field.type]) field.kind = 'enum';
  }
  return { models, enums };
}
