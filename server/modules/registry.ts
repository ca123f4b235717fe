// Every resource definition of the product, in one list the dispatcher and the contract tests read.
import { modelMeta } from '@/server/engine/model';
import type { ResourceDefinition } from '@/server/engine/types';
import type { JobDefinition } from '@/server/jobs/define';
import { academicResources } from './academic';
import { financeResources } from './finance';
import { inscriptionResources } from './inscription';
import { invoicesResources } from './invoices';
import { manageResources } from './manage';
import { pollsResources } from './polls';
import { reportsResources } from './reports';
import { schedulerResources } from './scheduler';
import { scoresJobs, scoresResources } from './scores';
import { studentsResources } from './students';

const ALL: ResourceDefinition[] = [
  ...manageResources,
  ...academicResources,
  ...studentsResources,
  ...schedulerResources,
  ...scoresResources,
  ...financeResources,
  ...inscriptionResources,
  ...invoicesResources,
  ...pollsResources,
  ...reportsResources,
];

/** Tables with a generated search_text column (scripts/db/search-columns.ts) search through it. */
export const RESOURCES: readonly ResourceDefinition[] = ALL.map((definition) =>
  definition.model && !definition.searchText && modelMeta(definition.model).fields.some((f) => f.name === 'search_text') ? { ...definition, searchText: true } : definition,
);


/** Every kind of long work (server/jobs/runner.ts runs them). */
export const JOBS: readonly JobDefinition<unknown>[] = [...scoresJobs];
