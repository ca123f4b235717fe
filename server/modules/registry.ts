// Every resource definition and literal route of the product, in one list the dispatcher and the
// contract tests read.
import type { ResourceDefinition } from '@/server/engine/types';
import type { Route } from '@/server/http/routes';
import { campusResource, careersResource, ciclesResource, partialsResource } from './academic/academic.resources';
import { teachersResource } from './academic/teachers.resource';
import { aspirantsResource } from './inscription/aspirants.resource';
import { permissionsResource, rolesResource } from './manage/roles.resource';
import { sessionRoutes } from './manage/session.routes';
import { settingsResource } from './manage/settings.resource';
import { usersResource } from './manage/users.resource';
import { studentsResource } from './students/students.resource';

export const RESOURCES: readonly ResourceDefinition[] = [
  usersResource,
  rolesResource,
  permissionsResource,
  settingsResource,
  campusResource,
  ciclesResource,
  partialsResource,
  careersResource,
  teachersResource,
  studentsResource,
  aspirantsResource,
];

export const ROUTES: readonly Route[] = [...sessionRoutes];
