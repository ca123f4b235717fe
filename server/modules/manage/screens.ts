// The screens of the spec (section 2) that show manage/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { ScreenRoute } from '@/server/screens/routes';

export const manageScreens: Readonly<Record<string, ScreenRoute>> = {
  '/tools/catalogs': { base: 'manage/api/catalogs/', filters: ['clas_id'] },
};

export const manageDetails: Readonly<Record<string, ScreenRoute>> = {
};
