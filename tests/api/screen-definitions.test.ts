// Screens and definitions agree with what they describe: every screen's filters are list
// parameters its resource takes (an unknown one fails loudly instead of showing a control that
// filters nothing), and every resource's own search fields are the ones its table's generated
// search column is built from (else a search would miss or match fields the screen never names).
import { describe, expect, it } from 'vitest';
import { DETAIL_ROUTES, SCREEN_ROUTES } from '@/server/modules/registry';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { modelMeta } from '@/server/engine/model';
import { RESOURCES } from '@/server/modules/registry';
import { CATALOG_CLASS_OF, UNCLASSIFIED_CATALOG_RELATIONS } from '@/lib/catalog-classes';
import { childResources, definitionFor, screenConfig } from '@/server/screens/derive';
import { type ListColumn, readPath, referenceText } from '@/lib/resource-ui';

describe('screen routes', () => {
  const routes = [...Object.entries(SCREEN_ROUTES), ...Object.entries(DETAIL_ROUTES).map(([path, route]) => [`${path}/{id}`, route] as const)];

  it.each(routes)('%s names a resource, and only filters and columns it has', (_path, route) => {
    const definition = definitionFor(route.base);
    expect(definition?.model, route.base).toBeTruthy();
    const config = screenConfig(definition!, { titleKey: 'menu.x', filters: route.filters, query: route.query, columns: route.columns });
    for (const param of route.filters ?? []) expect(config.filters.map((filter) => filter.param)).toContain(param);
    for (const base of route.lists ?? []) expect(definitionFor(base), base).toBeTruthy();
    // A page in tabs: each tab's sections are its form's, each tab's lists hang from the record,
    // and the period filter it starts is one it offers.
    const children = childResources(definition!, Number.POSITIVE_INFINITY).map((child) => child.definition.base);
    for (const tab of route.tabs ?? []) {
      for (const section of tab.sections ?? []) expect(config.sections.map((item) => item.key), `${tab.key}: ${section}`).toContain(section);
      for (const base of tab.lists ?? []) expect(children, `${tab.key}: ${base}`).toContain(base);
      for (const [base, columns] of Object.entries(tab.columns ?? {})) {
        expect(tab.lists, `${tab.key}: columns of ${base}`).toContain(base);
        expect(screenConfig(definitionFor(base)!, { titleKey: 'menu.x', columns }).columns.length).toBe(columns.length);
      }
      expect(tab.sections || tab.panel || tab.lists, tab.key).toBeTruthy();
    }
    if (route.periodFilter) expect(config.filters.map((filter) => filter.param)).toContain(route.periodFilter);
    if (route.detailOf) expect(DETAIL_ROUTES[route.detailOf], route.detailOf).toBeTruthy();
  });

  it('a chosen column of a relation the list does not read is an error, not an empty column', () => {
    const definition = definitionFor('students/api/students/')!;
    expect(() => screenConfig(definition, { titleKey: 'menu.x', columns: ['no_control', 'nation'] })).toThrow(/nation/);
  });

  it('an unknown column is an error too', () => {
    const definition = definitionFor('scheduler/api/schedules/')!;
    expect(() => screenConfig(definition, { titleKey: 'menu.x', columns: ['subject.description', 'subject.nombre'] })).toThrow(/subject\.nombre/);
    expect(screenConfig(definition, { titleKey: 'menu.x', columns: ['subject.description', 'hours'] }).columns.map((c) => c.field)).toEqual(['subject.description', 'hours']);
  });

  it('an unknown filter is an error, not a silently missing control', () => {
    const definition = definitionFor('students/api/terminations/')!;
    expect(() => screenConfig(definition, { titleKey: 'menu.x', filters: ['termination_type_id'] })).toThrow(/termination_type_id/);
    expect(screenConfig(definition, { titleKey: 'menu.x', filters: ['type_id'] }).filters[0]).toMatchObject({ param: 'type_id', type: 'select' });
  });
});

describe('forms ask for records by what people know', () => {
  const writable = RESOURCES.filter((definition) => definition.model && definition.createSchema && !definition.readOnly);

  it.each(writable.map((definition) => [definition.base, definition] as const))('%s asks for no record by its id', (_base, definition) => {
    const config = screenConfig(definition, { titleKey: 'menu.x' });
    // Numbers that are not keys of this data model: SEP's authorization number of a career; a
    // comment's or an address's owner, whose table its category names (built with the student's page).
    const notKeys = ['auth_id', 'item_id', 'parent_id'];
    const byId = config.fields.filter((field) => field.type === 'number' && field.name.endsWith('_id') && !notKeys.includes(field.name));
    expect(byId.map((field) => field.name)).toEqual([]);
    for (const field of config.fields.filter((f) => f.type === 'reference')) {
      expect(field.optionsFrom?.labelFields?.length, `${field.name} has words to show`).toBeGreaterThan(0);
    }
  });

  it.each(writable.map((definition) => [definition.base, definition] as const))("%s offers a catalogue field only its classification's entries", (_base, definition) => {
    const meta = modelMeta(definition.model!);
    const config = screenConfig(definition, { titleKey: 'menu.x' });
    for (const relation of meta.fields.filter((f) => f.kind === 'relation' && f.type === 'Catalog' && f.relationFrom)) {
      const field = config.fields.find((f) => f.name === relation.relationFrom);
      if (!field || UNCLASSIFIED_CATALOG_RELATIONS.includes(relation.relationName!)) continue;
      expect(field.optionsFrom?.query?.clas_id, `${relation.relationFrom} (${relation.relationName})`).toMatch(/^\d+$/);
    }
  });

  it("the classifications named are the demo data's, and each offers its own entries", async () => {
    const classes = new Set(Object.values(CATALOG_CLASS_OF));
    const found = await prisma.clasification.findMany({ where: { id: { in: [...classes] } }, select: { id: true, _count: { select: { catalogs: true } } } });
    expect(found.map((row) => row.id).sort((a, b) => a - b)).toEqual([...classes].sort((a, b) => a - b));
    for (const row of found) expect(row._count.catalogs, `classification ${row.id}`).toBeGreaterThan(0);
  });

  it("the API refuses an entry of another classification (a payment method as a civil state)", async () => {
    const token = await tokenFor('admin');
    const teacher = await prisma.teacher.findFirstOrThrow({ select: { id: true, civil_state_id: true } });
    const civil = await prisma.catalog.findFirstOrThrow({ where: { clas_id: CATALOG_CLASS_OF.TeacherCivilState }, select: { id: true } });
    const payMethod = await prisma.catalog.findFirstOrThrow({ where: { clas_id: CATALOG_CLASS_OF.SalePaymentMethod }, select: { id: true } });
    const refused = await call('PUT', `academic/api/teachers/${teacher.id}/`, { token, body: { civil_state_id: payMethod.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.civil_state_id).toEqual(['Elija una opción válida.']);
    expect((await prisma.teacher.findUniqueOrThrow({ where: { id: teacher.id } })).civil_state_id).toBe(teacher.civil_state_id);
    const kept = await call('PUT', `academic/api/teachers/${teacher.id}/`, { token, body: { civil_state_id: civil.id } });
    expect(kept.status).toBe(200);
    expect(kept.body.civil_state_id).toBe(civil.id);
  });

  it('a student is chosen by name and control number', () => {
    const config = screenConfig(definitionFor('finance/api/sales/')!, { titleKey: 'menu.x' });
    expect(config.fields.find((field) => field.name === 'student_id')).toMatchObject({
      type: 'reference',
      optionsFrom: { base: '/students/api/students/', relation: 'student', labelFields: expect.arrayContaining(['no_control', 'names', 'first_name']) },
    });
  });
});

describe('lists name records', () => {
  // Every list a screen shows: the routes' own lists and the child lists under each record page.
  const lists = [
    ...Object.entries(SCREEN_ROUTES).map(([path, route]) => [path, route.base, route.columns, route.query] as const),
    ...Object.entries(DETAIL_ROUTES).flatMap(([path, route]) =>
      childResources(definitionFor(route.base)!).map(({ definition, foreignKey }) => [`${path}/{id} › ${definition.base}`, definition.base, undefined, { [foreignKey]: '1' }] as const),
    ),
  ];
  const configOf = (base: string, columns: readonly string[] | undefined, query: Readonly<Record<string, string>> | undefined) =>
    screenConfig(definitionFor(base)!, { titleKey: 'menu.x', columns, query });

  it.each(lists)('%s shows no key where a name exists', (_path, base, columns, query) => {
    const config = configOf(base, columns, query);
    const keys = config.columns.filter((column) => column.field === 'id' || /(_id|\.id)$/.test(column.field));
    expect(keys.map((column) => column.field)).toEqual([]);
    for (const column of config.columns.filter((c) => c.type === 'reference')) {
      const spec = column.reference!;
      expect(spec.words.flat().length + spec.detail.length, `${column.field} has words to show`).toBeGreaterThan(0);
    }
  });

  it('the rows of every list name what they point to (no "#12" where the record has a name)', async () => {
    const token = await tokenFor('admin');
    const seen = new Set<string>();
    const bare: string[] = [];
    for (const [path, base, columns, query] of lists) {
      if (query && Object.keys(query).some((key) => key.endsWith('_id'))) continue;
      const key = `${base} ${JSON.stringify(columns)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const config = configOf(base, columns, query);
      const references = config.columns.filter((column): column is ListColumn & { reference: NonNullable<ListColumn['reference']> } => column.type === 'reference' && !!column.reference);
      if (!references.length) continue;
      const answer = await call('GET', `${base}?page_size=25&${new URLSearchParams(query ?? {}).toString()}`, { token });
      expect(answer.status, path).toBe(200);
      for (const row of answer.body.data as Record<string, unknown>[]) {
        for (const column of references) {
          const value = column.self ? row : (readPath(row, column.field) as Record<string, unknown> | null);
          if (!value) continue;
          const { label } = referenceText(value, column.reference);
          if (!label || label.startsWith('#')) bare.push(`${path} ${column.field}: ${JSON.stringify(value)}`);
        }
      }
    }
    expect(bare.slice(0, 10)).toEqual([]);
    expect(seen.size).toBeGreaterThan(50);
  });
});

describe('Ventas', () => {
  it('shows each sale by folio, concepts, amount and state, so no two rows of one student look alike', async () => {
    const config = screenConfig(definitionFor('finance/api/sales/')!, { titleKey: 'menu.x', columns: SCREEN_ROUTES['/finance/sales'].columns });
    expect(config.columns.map((column) => [column.field, column.type])).toEqual(
      expect.arrayContaining([
        ['record_folio', 'folio'],
        ['details', 'chips'],
        ['total_neto', 'money'],
        ['record_state', 'state'],
      ]),
    );
    expect(config.columns.find((column) => column.field === 'record_folio')).toMatchObject({ sortable: true, sortField: 'id' });
    // The concepts read as one line; whom it charges is not followed by the day its own column shows.
    expect(config.columns.find((column) => column.field === 'details')).toMatchObject({ joined: true, chipField: 'description' });
    expect(config.columns.find((column) => column.field === 'record_name')?.reference?.detail).toEqual([]);
    const token = await tokenFor('admin');
    const answer = await call('GET', 'finance/api/sales/?page_size=50', { token });
    expect(answer.status).toBe(200);
    const rows = answer.body.data as { id: number; details: { description: string }[]; total_neto: string }[];
    const withLines = rows.filter((row) => row.details.length > 0);
    expect(withLines.length).toBeGreaterThan(0);
    // The concepts are the live lines of that sale, as the cart shows them.
    const sample = withLines[0];
    const lines = await prisma.saleDetail.findMany({ where: { sale_id: sample.id, status: true }, orderBy: { id: 'asc' }, select: { description: true } });
    expect(sample.details.map((line) => line.description)).toEqual(lines.map((line) => line.description));
  });
});

describe('search columns', () => {
  it("every table's search_text is generated from its resources' own search fields", async () => {
    const rows = await prisma.$queryRaw<{ table_name: string; generation_expression: string }[]>`
      SELECT table_name, generation_expression FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'search_text'`;
    const generated = new Map(rows.map((row) => [row.table_name, [...row.generation_expression.matchAll(/COALESCE\(\(?(\w+)\)?/gi)].map((m) => m[1]).sort()]));
    const expected = new Map<string, string[]>();
    for (const definition of RESOURCES) {
      if (!definition.model || !definition.searchText) continue;
      const meta = modelMeta(definition.model);
      const own = definition.searchFields.filter((field) => !field.includes('.') && meta.fields.some((f) => f.name === field && f.kind !== 'relation'));
      expected.set(meta.table, [...new Set([...(expected.get(meta.table) ?? []), ...own])].sort());
    }
    expect(generated.size).toBeGreaterThan(20);
    for (const [table, fields] of expected) expect(generated.get(table), table).toEqual(fields);
    for (const table of generated.keys()) expect(expected.has(table), `${table} has a search column no resource searches`).toBe(true);
  });
});
