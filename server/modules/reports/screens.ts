// The screens of the spec (section 2) that show reports/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { ScreenRoute } from '@/server/screens/routes';

export const reportsScreens: Readonly<Record<string, ScreenRoute>> = {
  '/reports/student_by_birthplace': { base: 'reports/api/student-data/' },
  '/reports/student_by_school': { base: 'reports/api/student-data/' },
  '/reports/students_for_merchandise': { base: 'reports/api/student-data/' },
  // Each teacher's load against their contract above the classes that make it up.
  '/scholar/scheduler/loads': { base: 'reports/api/teacher-load/', panels: ['teacher-loads'] },
  '/scores/pendings': { base: 'reports/api/teacher-without-scores/' },
  '/portal/kardex': { base: 'reports/api/student-kardex/' },
};

export const reportsDetails: Readonly<Record<string, ScreenRoute>> = {
};
