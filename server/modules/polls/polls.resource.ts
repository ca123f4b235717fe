// polls/api/polls/, sections/ and questions/: questionnaires (general surveys and teacher
// evaluations) built in Encuestas. Students read the ones applied to them to answer them.
import { z } from 'zod';
import { modelResource } from '@/server/engine/model';
import type { ResourceDefinition } from '@/server/engine/types';
import { keepAnswered, sortQuestions, sortSections, structureAction } from './builder';
import { studentPolls } from './scopes';

const readRoutes = ['polls-aplications', 'portal-polls'];

export const pollsResource: ResourceDefinition = modelResource({
  base: 'polls/api/polls/',
  model: 'Poll',
  access: { routes: ['polls'], readRoutes, permission: 'polls' },
  search: ['title', 'instructions'],
  ordering: ['title'],
  ownRows: { student: studentPolls },
  actions: [sortSections, sortQuestions, structureAction(() => pollsResource)],
  beforeDelete: keepAnswered((id) => ({ question: { section: { poll_id: id } } })),
});

export const sectionsResource = modelResource({
  base: 'polls/api/sections/',
  model: 'PollSection',
  access: { routes: ['polls'], readRoutes, permission: 'poll_sections' },
  search: ['title'],
  ordering: ['section_order'],
  ownRows: { student: (studentId) => ({ poll: studentPolls(studentId) }) },
  beforeDelete: keepAnswered((id) => ({ question: { section_id: id } })),
});

/** An answer choice, as the poll builder stores it: `{ "value": 5, "label": "Siempre" }`. */
const option = z.object({
  value: z.union([z.number(), z.string().trim().max(200)]),
  label: z.string().trim().min(1).max(500),
});

export const questionsResource = modelResource({
  base: 'polls/api/questions/',
  model: 'PollQuestion',
  access: { routes: ['polls'], readRoutes, permission: 'poll_questions' },
  search: ['title', 'subtitle'],
  ordering: ['question_order'],
  fields: { options: z.array(option).max(100).optional() },
  ownRows: { student: (studentId) => ({ section: { poll: studentPolls(studentId) } }) },
  beforeDelete: keepAnswered((id) => ({ question_id: id })),
});
