// The screens of the spec (section 2) that show scores/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { ScreenRoute } from '@/server/screens/routes';

export const scoresScreens: Readonly<Record<string, ScreenRoute>> = {
  '/scores/exceptions': { base: 'scores/api/periods-exception/' },
  '/scores/extras': { base: 'scores/api/extraordinary/', filters: ['cicle_id', 'status', 'category'], panels: ['exam-board'] },
  '/scores/fail_index': { base: 'scores/api/main-scores/' },
  '/scores/fail_list': { base: 'scores/api/main-scores/', filters: ['cicle_id', 'career_id', 'group_id'], query: { approved: 'false' } },
  '/scores/general_summary': { base: 'scores/api/main-scores/', filters: ['cicle_id', 'career_id', 'group_id'] },
  '/scores/previous': { base: 'scores/api/score-details/', filters: ['cicle_id', 'group_id'], lists: ['scores/api/recourses/'] },
  '/scores/summary': { base: 'scores/api/subject-cicles/', filters: ['cicle_id', 'group_id'], panels: ['consolidation'] },
};

export const scoresDetails: Readonly<Record<string, ScreenRoute>> = {
};
