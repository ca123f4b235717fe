// Reference data: catalogues with the spec's classification ids, geography, SAT and SEP
// catalogues, document and withdrawal kinds, companies and schools of origin.
import { buildRfc } from '../../../../lib/mx';
import { dayOf, iso } from '../calendar';
import type { Context } from '../context';
import {
  CFDI_USES, CLASIFICATIONS, DOCUMENT_TYPES, FISCAL_REGIMES, IEDUS, MEDICAL_OPTIONS, PAYMENT_FORMS, PAYMENT_METHODS, PROD_SERVS, RELATION_TYPES,
  REGULAR_STATUS_ID, SEP_ANTECEDENTS, SEP_LEGAL_BASES, SEP_MODALITIES, SEP_TITLE_CLASIFICATION, SHIFTS, TERMINATION_TYPES, UNITS, VOUCHER_TYPES,
} from '../data/catalogs';
import { COUNTRIES, FOREIGN_STATES, STATES } from '../data/geo';
import { COMPANY_KINDS, COMPANY_PLACES, COMPANY_QUALIFIERS, LEGAL_FORMS, OCCUPATIONS } from '../data/people';

export type Reference = {
  documentTypes: Map<string, { id: number; category: string; mandatory: boolean; scope: string; careerCategory: string }>;
  terminationTypes: Map<string, number>;
  shifts: { id: number; description: string; startHour: number; suffix: string }[];
  companies: { id: number; name: string; rfc: string }[];
  schools: { id: number; name: string; stateIndex: number }[];
  sat: {
    regimes: Map<string, number>;
    uses: Map<string, number>;
    forms: Map<string, number>;
    methods: Map<string, number>;
    prodServs: Map<string, number>;
    units: Map<string, number>;
    relations: Map<string, number>;
    vouchers: Map<string, number>;
  };
};

export function buildReference(ctx: Context): Reference {
  const t = ctx.tables;
  const rng = ctx.rng.fork('reference');

  // Classifications keep the spec's ids (1..13, 666); Clasification rows are inserted with them.
  const clasIds = [...CLASIFICATIONS.map((c) => c.id), SEP_TITLE_CLASIFICATION.id];
  if (clasIds.slice(0, CLASIFICATIONS.length).some((id, index) => id !== index + 1)) throw new Error('Classification ids must be 1..13 in order');
  for (const clas of CLASIFICATIONS) t.clasifications.add({ name: clas.name, description: clas.description }, null, clas.id);
  t.clasifications.add({ name: SEP_TITLE_CLASIFICATION.name, description: SEP_TITLE_CLASIFICATION.description }, null, SEP_TITLE_CLASIFICATION.id);

  const addCatalog = (clasId: number, code: string | null, name: string, description: string | null = null, visible = true) => {
    const id = t.catalogs.add({ code, name, description, visible, clas_id: clasId });
    if (code) {
      if (!ctx.catalogIds.has(clasId)) ctx.catalogIds.set(clasId, new Map());
      ctx.catalogIds.get(clasId)?.set(code, id);
    }
    return id;
  };
  for (const clas of CLASIFICATIONS) for (const entry of clas.entries) addCatalog(clas.id, entry.code, entry.name, entry.description ?? null, entry.visible ?? true);
  if (ctx.catalog(3, 'REG') !== REGULAR_STATUS_ID) throw new Error(`The regular student status must be catalogue id ${REGULAR_STATUS_ID}`);
  const sep = SEP_TITLE_CLASIFICATION.id;
  for (const [id, name] of SEP_MODALITIES) addCatalog(sep, `MOD-${id}`, name, 'Modalidad de titulación');
  for (const [id, name] of SEP_LEGAL_BASES) addCatalog(sep, `FUN-${id}`, name, 'Fundamento legal del servicio social');
  for (const state of STATES) addCatalog(sep, `ENT-${state.code}`, state.sep, 'Entidad federativa');
  addCatalog(sep, 'ENT-33', 'EXTRANJERO', 'Entidad federativa');
  for (const [id, name] of SEP_ANTECEDENTS) addCatalog(sep, `ANT-${id}`, name, 'Tipo de estudio antecedente');

  // Geography.
  for (const country of COUNTRIES) ctx.countryIds.set(country.code, t.countries.add({ code: country.code, name: country.name, nationality: country.nationality }));
  const mexico = ctx.countryIds.get('MEX') ?? 1;
  STATES.forEach((state, stateIndex) => {
    const stateId = t.states.add({ code: state.code, name: state.name, curp_code: state.curp, country_id: mexico });
    ctx.stateIds.push(stateId);
    for (const city of state.cities) {
      const id = t.cities.add({ code: city.code, name: city.name, state_id: stateId });
      ctx.cities.push({ id, code: city.code, stateId, stateIndex, name: city.name, lada: city.lada, colonies: city.colonies });
    }
  });
  for (const state of FOREIGN_STATES) {
    const id = t.states.add({ code: state.code, name: state.name, curp_code: 'NE', country_id: ctx.countryIds.get(state.country) ?? mexico });
    ctx.foreignStates.push({ id, country: state.country });
  }
  ctx.indexCities();

  for (const description of OCCUPATIONS) ctx.occupationIds.set(description, t.occupations.add({ description }));

  const documentTypes: Reference['documentTypes'] = new Map();
  for (const doc of DOCUMENT_TYPES) {
    const id = t.document_types.add({
      name: doc.name,
      multiple: doc.multiple ?? false,
      mandatory: doc.mandatory,
      category: doc.category,
      is_foreign: doc.scope,
      category_career: doc.careerCategory ?? 'GENERAL',
    });
    documentTypes.set(doc.code, { id, category: doc.category, mandatory: doc.mandatory, scope: doc.scope, careerCategory: doc.careerCategory ?? 'GENERAL' });
  }
  const terminationTypes = new Map<string, number>();
  for (const [code, name, description] of TERMINATION_TYPES) terminationTypes.set(code, t.termination_types.add({ name, code, description }));
  for (const [category, names] of MEDICAL_OPTIONS) for (const name of names) t.medical_options.add({ name, category });
  for (const [description, amount] of IEDUS) t.iedus.add({ description, amount });
  const shifts = SHIFTS.map((shift) => ({
    id: t.shifts.add({ description: shift.description, time_start: shift.start, time_end: shift.end, suffix: shift.suffix }),
    description: shift.description,
    startHour: Number(shift.start.slice(0, 2)),
    suffix: shift.suffix,
  }));

  // SAT catalogues.
  const sat: Reference['sat'] = { regimes: new Map(), uses: new Map(), forms: new Map(), methods: new Map(), prodServs: new Map(), units: new Map(), relations: new Map(), vouchers: new Map() };
  for (const [code, description, natural, moral] of FISCAL_REGIMES) sat.regimes.set(code, t.fiscal_regimes.add({ code, description, natural, moral }));
  for (const [code, description, natural, moral, regimes] of CFDI_USES) sat.uses.set(code, t.cfdi_types.add({ code, description, natural, moral, regimes: JSON.stringify(regimes) }));
  for (const [code, description] of PAYMENT_FORMS) sat.forms.set(code, t.payment_forms.add({ code, description }));
  for (const [code, description] of PAYMENT_METHODS) sat.methods.set(code, t.payment_methods.add({ code, description }));
  for (const [code, description] of PROD_SERVS) sat.prodServs.set(code, t.prod_servs.add({ code, description }));
  for (const [code, name, symbol] of UNITS) sat.units.set(code, t.units.add({ code, name, description: null, symbol }));
  for (const [code, description] of RELATION_TYPES) sat.relations.set(code, t.type_relations.add({ code, description }));
  for (const [code, description] of VOUCHER_TYPES) sat.vouchers.set(code, t.type_vouchers.add({ code, description }));

  // Companies where relatives work, with a company RFC built from their legal name.
  const companies: Reference['companies'] = [];
  const companyNames = new Set<string>();
  while (companies.length < ctx.config.companies) {
    const base = `${rng.pick(COMPANY_KINDS)} ${rng.pick(COMPANY_QUALIFIERS)}${rng.chance(0.4) ? ` de ${rng.pick(COMPANY_PLACES)}` : ''}`;
    if (companyNames.has(base)) continue;
    companyNames.add(base);
    const name = `${base}, ${rng.pick(LEGAL_FORMS)}`;
    const rfc = buildRfc({ legalName: name, incorporated: iso(dayOf(rng.int(1975, 2020), 1, 1) + rng.int(0, 364)) });
    const contact = ctx.person(rng, { born: [1965, 1990], older: true });
    const id = t.companies.add({ name, rfc, telephone: ctx.phone(rng), contact: `${contact.names} ${contact.first} ${contact.second ?? ''}`.trim() });
    companies.push({ id, name, rfc });
  }

  // Schools of origin (preparatorias) with a SEP work-centre key (CCT): state, funding, level,
  // number and a check letter.
  const schools: Reference['schools'] = [];
  const kinds: { subsystem: string; cct: string; name: (n: number, city: string) => string; weight: number }[] = [
    { subsystem: 'Universidad de Guadalajara (SEMS)', cct: 'UBH', name: (n) => `Escuela Preparatoria No. ${n} UdeG`, weight: 30 },
    { subsystem: 'DGETI', cct: 'DCT', name: (n) => `CETIS No. ${n}`, weight: 12 },
    { subsystem: 'DGETI', cct: 'DCT', name: (n) => `CBTIS No. ${n + 200}`, weight: 10 },
    { subsystem: 'COBAEJ', cct: 'ECB', name: (n) => `Colegio de Bachilleres del Estado de Jalisco Plantel ${n}`, weight: 12 },
    { subsystem: 'CONALEP', cct: 'DPT', name: (_n, city) => `CONALEP ${city}`, weight: 6 },
    { subsystem: 'Particular incorporada', cct: 'PBH', name: (n, city) => `${rng.pick(['Instituto', 'Colegio', 'Liceo', 'Centro Educativo'])} ${rng.pick(['Cultural', 'Tapatío', 'Anáhuac', 'Vallarta', 'del Valle', 'Guadalupe', 'Juan Pablo II', 'Minerva', 'Atemajac', 'Loma Bonita'])} ${city}${n > 60 ? ` ${n}` : ''}`, weight: 25 },
    { subsystem: 'Telebachillerato comunitario', cct: 'ETK', name: (n, city) => `Telebachillerato Comunitario ${city} ${n}`, weight: 5 },
  ];
  const kindPicker = kinds.map((kind) => [kind, kind.weight] as const);
  const ccts = new Set<string>();
  const names = new Set<string>();
  let attempts = 0;
  while (schools.length < ctx.config.schoolOrigins && attempts < 10_000) {
    attempts += 1;
    const city = rng.chance(0.85) ? ctx.homeCity(rng) : rng.pick(ctx.cities);
    const kind = pickWeighted(rng, kindPicker);
    const n = rng.int(1, 120);
    const name = kind.name(n, city.name);
    if (names.has(name)) continue;
    const stateCode = STATES[city.stateIndex].code;
    const cct = `${stateCode}${kind.cct}${String(rng.int(1, 9999)).padStart(4, '0')}${String.fromCharCode(65 + rng.int(0, 25))}`;
    if (ccts.has(cct)) continue;
    names.add(name);
    ccts.add(cct);
    const id = t.school_origins.reserve();
    const addressId = ctx.address(rng, { city, source: 'school_origin', parentId: id, withPhone: true });
    const director = ctx.person(rng, { born: [1960, 1985], older: true });
    t.school_origins.add(
      {
        name,
        cct,
        subsystem: kind.subsystem,
        address_id: addressId,
        colony: rng.pick(city.colonies).name,
        city_id: city.id,
        cp: rng.pick(city.colonies).cp,
        telephone: ctx.phone(rng, city.lada),
        contact: `${director.sex === 'M' ? 'Mtra.' : 'Mtro.'} ${director.names} ${director.first} ${director.second ?? ''}`.trim(),
      },
      null,
      id,
    );
    schools.push({ id, name, stateIndex: city.stateIndex });
  }
  // The school's own colony and postal code match its address.
  const addressColony = t.addresses.column('colony');
  const addressCp = t.addresses.column('cp');
  const schoolAddress = t.school_origins.column('address_id');
  for (let i = 0; i < t.school_origins.length; i += 1) {
    const addressIndex = (schoolAddress[i] as number) - 1;
    t.school_origins.set(i, 'colony', addressColony[addressIndex]);
    t.school_origins.set(i, 'cp', addressCp[addressIndex]);
  }

  return { documentTypes, terminationTypes, shifts, companies, schools, sat };
}

function pickWeighted<T>(rng: { next(): number }, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let target = rng.next() * total;
  for (const [item, weight] of entries) {
    target -= weight;
    if (target < 0) return item;
  }
  return entries[entries.length - 1][0];
}
