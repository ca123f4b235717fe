// Every resource base of manage/api/. The sign-in and session calls (session.routes.ts) are
// literal routes, not resources.
import type { ResourceDefinition } from '@/server/engine/types';
import { catalogsResource, citiesResource, clasificationsResource, countriesResource, statesResource } from './catalogs.resource';
import { jobsResource } from './jobs.resource';
import { permissionsResource, rolesResource } from './roles.resource';
import { settingsResource } from './settings.resource';
import { usersResource } from './users.resource';

export const manageResources: ResourceDefinition[] = [
  settingsResource,
  rolesResource,
  permissionsResource,
  catalogsResource,
  clasificationsResource,
  citiesResource,
  statesResource,
  countriesResource,
  usersResource,
  jobsResource,
];

/** manage/api/audit/: every history row, for Configuración › Auditoría (built by the registry, which knows every definition). */
export { auditActionGroup } from './audit.actions';

/** The screens that show this module's resources (server/screens/routes.ts). */
export { manageDetails, manageScreens } from './screens';
