// Every importer, by name (lib/contracts/imports.ts IMPORTER_NAMES lists the same names).
import type { ImporterName } from '@/lib/contracts/imports';
import { notFound } from '@/server/errors';
import type { ImporterDefinition } from './definition';
import { enrolmentsImporter } from './enrolments-importer';
import { groupsImporter } from './groups-importer';
import { plansImporter } from './plans-importer';
import { studentsImporter } from './students-importer';
import { teachersImporter } from './teachers-importer';
import { gradesImporter } from './grades-importer';
import { balancesImporter } from './balances-importer';

export const IMPORTERS: Readonly<Record<ImporterName, ImporterDefinition<unknown>>> = {
  students: studentsImporter as ImporterDefinition<unknown>,
  teachers: teachersImporter as ImporterDefinition<unknown>,
  plans: plansImporter as ImporterDefinition<unknown>,
  groups: groupsImporter as ImporterDefinition<unknown>,
  enrolments: enrolmentsImporter as ImporterDefinition<unknown>,
  grades: gradesImporter as ImporterDefinition<unknown>,
  balances: balancesImporter as ImporterDefinition<unknown>,
};

export function importerNamed(name: string): ImporterDefinition<unknown> {
  const importer = IMPORTERS[name as ImporterName];
  if (!importer) throw notFound();
  return importer;
}
