// manage/api/: the shared catalogues (catalogs and their classifications) and geography
// (countries, states, cities). Every form offers their entries, so any signed-in user reads them;
// Tools > Catálogos maintains them.
import { z } from 'zod';
import { modelResource } from '@/server/engine/model';

const access = { routes: ['tools-catalogs'], anyoneReads: true } as const;

/** A country key as SAT's c_Pais writes it: three characters, upper case ("MEX", "USA"). */
const countryCode = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => value.length === 3, { message: 'errors.exact_length', params: { length: 3 } });

export const clasificationsResource = modelResource({
  base: 'manage/api/clasifications/',
  model: 'Clasification',
  access: { ...access, permission: 'clasifications' },
  search: ['name', 'description'],
  ordering: ['name'],
});

export const catalogsResource = modelResource({
  base: 'manage/api/catalogs/',
  model: 'Catalog',
  // `clas_id` (also `clas`) and `visible` filters are derived: forms ask for one classification.
  access: { ...access, permission: 'catalogs' },
  search: ['code', 'name', 'description'],
  ordering: ['name'],
});

export const countriesResource = modelResource({
  base: 'manage/api/countries/',
  model: 'Country',
  access: { ...access, permission: 'countries' },
  search: ['code', 'name', 'nationality'],
  ordering: ['name'],
  // `?code=MEX`: a form that offers only Mexico's states (an address step) finds the country first.
  filters: { code: 'string' },
  fields: { code: countryCode },
});

export const statesResource = modelResource({
  base: 'manage/api/states/',
  model: 'State',
  access: { ...access, permission: 'states' },
  search: ['code', 'name', 'curp_code'],
  ordering: ['name'],
  fields: {
    // The two letters the CURP uses for the birth state ("DF", "NE").
    curp_code: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value.toUpperCase() : null))
      .pipe(z.string().regex(/^[A-Z]{2}$/, { message: 'errors.invalid' }).nullable()),
  },
});

export const citiesResource = modelResource({
  base: 'manage/api/cities/',
  model: 'City',
  access: { ...access, permission: 'cities' },
  search: ['code', 'name'],
  ordering: ['name'],
});
