// Every resource definition of the product, in one list the dispatcher and the contract tests read.
import { modelMeta } from '@/server/engine/model';
import type { ActionGroup, ResourceDefinition } from '@/server/engine/types';
import type { JobDefinition } from '@/server/jobs/define';
import type { FormDesign, ScreenRoute } from '@/server/screens/routes';
import { academicDetails, academicForms, academicJobs, academicResources, academicScreens } from './academic';
import { financeDetails, financeForms, financeJobs, financeResources, financeScreens } from './finance';
import { generateReinscriptionsJob, inscriptionDetails, inscriptionForms, inscriptionResources, inscriptionScreens } from './inscription';
import { documentsDetails, documentsJobs, documentsResources, documentsScreens } from './documents';
import { importsJobs, importsResources } from './imports';
import { invoicesDetails, invoicesResources, invoicesScreens } from './invoices';
import { auditActionGroup, manageDetails, manageResources, manageScreens } from './manage';
import { pollsDetails, pollsResources, pollsScreens } from './polls';
import { reportsActionGroups, reportsDetails, reportsResources, reportsScreens } from './reports';
import { schedulerDetails, schedulerResources, schedulerScreens } from './scheduler';
import { scoresDetails, scoresJobs, scoresResources, scoresScreens } from './scores';
import { studentsDetails, studentsForms, studentsResources, studentsScreens } from './students';
import { markEventsWired } from './shared/events';

// Every module is loaded above, and with it every handler of a domain event it reacts to.
markEventsWired();

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
  ...documentsResources,
  ...importsResources,
];

/** Tables with a generated search_text column (scripts/db/search-columns.ts) search through it. */
export const RESOURCES: readonly ResourceDefinition[] = ALL.map((definition) =>
  definition.model && !definition.searchText && modelMeta(definition.model).fields.some((f) => f.name === 'search_text') ? { ...definition, searchText: true } : definition,
);

/** Actions at paths that belong to no resource (the reports under reports/, the audit of every table). */
export const ACTION_GROUPS: readonly ActionGroup[] = [...reportsActionGroups, auditActionGroup(() => RESOURCES)];

/** Every kind of long work (server/jobs/runner.ts runs them). */
export const JOBS: readonly JobDefinition<unknown>[] = [...academicJobs, ...scoresJobs, ...(financeJobs as JobDefinition<unknown>[]), generateReinscriptionsJob as JobDefinition<unknown>, ...documentsJobs, ...importsJobs];

/** Every screen route of the spec and the resource it shows (server/screens/routes.ts). */
export const SCREEN_ROUTES: Readonly<Record<string, ScreenRoute>> = {
  ...academicScreens,
  ...studentsScreens,
  ...schedulerScreens,
  ...scoresScreens,
  ...financeScreens,
  ...inscriptionScreens,
  ...invoicesScreens,
  ...pollsScreens,
  ...manageScreens,
  ...reportsScreens,
  ...documentsScreens,
};

/** Designed forms by API base (server/screens/routes.ts FormDesign); other resources' forms are derived. */
export const FORM_DESIGNS: Readonly<Record<string, FormDesign>> = { ...studentsForms, ...academicForms, ...inscriptionForms, ...financeForms };

/** Detail pages: `/academic/study_plans/7` shows study plan 7 and its subjects, documents... */
export const DETAIL_ROUTES: Readonly<Record<string, ScreenRoute>> = {
  ...academicDetails,
  ...studentsDetails,
  ...schedulerDetails,
  ...scoresDetails,
  ...financeDetails,
  ...inscriptionDetails,
  ...invoicesDetails,
  ...pollsDetails,
  ...manageDetails,
  ...reportsDetails,
  ...documentsDetails,
};
