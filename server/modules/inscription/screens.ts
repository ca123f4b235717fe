// The screens of the spec (section 2) that show inscription/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { ScreenRoute } from '@/server/screens/routes';

export const inscriptionScreens: Readonly<Record<string, ScreenRoute>> = {
  '/permanence/aspirants': { base: 'inscription/api/aspirants/', filters: ['career_id', 'cicle_id'] },
  '/permanence/aspirants_stats': { base: 'inscription/api/aspirants/', filters: ['career_id', 'cicle_id'] },
  '/permanence/inscriptions': { base: 'inscription/api/aspirants/', filters: ['career_id', 'cicle_id'] },
  '/permanence/reinscriptions': { base: 'inscription/api/reinscriptions/' },
  '/permanence/school_origins': { base: 'inscription/api/school-origin/' },
};

export const inscriptionDetails: Readonly<Record<string, ScreenRoute>> = {
  '/permanence/aspirants': { base: 'inscription/api/aspirants/' },
};
