// The screens of the spec (section 2) that show polls/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { ScreenRoute } from '@/server/screens/routes';

export const pollsScreens: Readonly<Record<string, ScreenRoute>> = {
  '/polls': { base: 'polls/api/polls/' },
  '/polls/aplications': {
    base: 'polls/api/assignments/',
    filters: ['poll_id', 'cicle_id'],
    links: [{ key: 'status', labelKey: 'polls.board.open', icon: 'grade', href: '/polls/aplications/status/{id}' }],
  },
  '/portal/polls': { base: 'polls/api/assignments/' },
};

export const pollsDetails: Readonly<Record<string, ScreenRoute>> = {
  // A poll's page: its data, then its builder (sections and questions, in order).
  '/polls': { base: 'polls/api/polls/', panels: ['poll-builder'] },
};
