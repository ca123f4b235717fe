// polls/api/assignments/: the application of a poll to a period, to every career or to those
// selected (careers_selected, written as a list of career ids). A student reads the applications
// meant for them.
import { ids } from '@/lib/validation';
import { deriveSchemas, modelMeta, modelResource } from '@/server/engine/model';
import { ownRows } from '@/server/engine/scopes';
import type { ResourceDefinition, Row } from '@/server/engine/types';
import { fieldError } from '@/server/errors';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import { studentAssignments } from './scopes';

// Stored counters of the status board, kept by the answering, never typed.
const readOnlyFields = ['answers', 'total'] as const;
const careers = { careers_selected: ids.optional() };
const schemas = deriveSchemas(modelMeta('PollAssignment'), { readOnlyFields });

const definition = modelResource({
  base: 'polls/api/assignments/',
  model: 'PollAssignment',
  access: { routes: ['polls-aplications'], readRoutes: ['polls', 'portal-polls'], permission: 'poll_assignments' },
  search: ['notes'],
  ordering: '-start_at',
  readOnlyFields,
  include: { careers_selected: { select: { career: { select: { id: true, code: true, name: true } } }, orderBy: { career_id: 'asc' } } },
  serialize: (row) => ({ ...row, careers_selected: (row.careers_selected as { career: Row }[]).map((link) => link.career) }),
  campusFilter: (campusId) => ({ cicle: { campus_id: campusId } }),
  scope: ownRows({ student: studentAssignments }),
  inputToData: (input, { existing }) => {
    const start = valueAfterWrite(input, existing, 'start_at') as Date | undefined;
    const end = valueAfterWrite(input, existing, 'end_at') as Date | undefined;
    if (start && end && end <= start) throw fieldError('end_at', 'errors.invalid');
    const { careers_selected: selected, ...data } = input;
    if (!Array.isArray(selected)) return data;
    const create = [...new Set(selected as number[])].map((career_id) => ({ career_id }));
    return { ...data, careers_selected: existing ? { deleteMany: {}, create } : { create } };
  },
});

// `status` is the application step (an enum), while lists send `status=true|false` for the active
// flag (`is_active` here): the derived enum filter would hand "true" to Prisma. Until the engine
// checks enum values, the step is not a list filter (see the report to the lead).
const { status: _step, ...filters } = definition.filters;

export const assignmentsResource: ResourceDefinition = {
  ...definition,
  filters,
  createSchema: schemas.create.extend(careers),
  updateSchema: schemas.update.extend(careers),
};
