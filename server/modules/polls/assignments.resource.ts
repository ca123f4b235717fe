// polls/api/assignments/: the application of a poll to a period, to every career or to those
// selected (careers_selected, written as a list of career ids). A student reads the applications
// meant for them.
import { ids } from '@/lib/validation';
import { prisma } from '@/server/db/client';
import { parseId, update } from '@/server/engine/engine';
import { modelResource } from '@/server/engine/model';
import * as contracts from '@/lib/contracts/polls';
import { type ResourceDefinition, type Row, defineAction } from '@/server/engine/types';
import { conflict, fieldError } from '@/server/errors';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import { studentAssignments } from './scopes';
import { applicationStates } from './states';
import { assignmentActions, refreshCounters } from './status';

// Stored counters of the status board, kept by the answering, never typed.
const readOnlyFields = ['answers', 'total'] as const;
export const assignmentsResource: ResourceDefinition = modelResource({
  base: 'polls/api/assignments/',
  model: 'PollAssignment',
  access: { routes: ['polls-aplications'], readRoutes: ['polls', 'portal-polls'], permission: 'poll_assignments' },
  search: ['notes'],
  ordering: ['-start_at'],
  readOnlyFields,
  writeFields: { careers_selected: ids.optional() },
  include: { careers_selected: { select: { career: { select: { id: true, code: true, name: true } } }, orderBy: { career_id: 'asc' } } },
  serialize: (row) => ({ ...row, careers_selected: (row.careers_selected as { career: Row }[]).map((link) => link.career) }),
  campusFilter: (campusId) => ({ cicle: { campus_id: campusId } }),
  ownRows: { student: studentAssignments },
  states: applicationStates,
  actions: [
    ...assignmentActions(),
    // Closing is how an application with answers ends (it is never deleted): its counters are
    // counted one last time and it takes no more answers; its history says who closed it.
    defineAction(contracts.closePollAssignment, {
      needs: 'write',
      handler: async (ctx) => {
        const found = await prisma.pollAssignment.findUnique({ where: { id: parseId(ctx.params.id) }, select: { status: true } });
        if (found?.status === 'CLOSED') throw conflict('polls.applications.already_closed');
        return update(assignmentsResource, ctx, ctx.params.id, { status: 'CLOSED' });
      },
    }),
  ],
  // The counters follow the application's own changes (its careers, its period); a closed one
  // keeps the numbers it was closed with, refreshed one last time as it closes.
  afterWrite: async (id, { tx, existing }) => {
    const row = await tx.pollAssignment.findUniqueOrThrow({ where: { id }, select: { status: true } });
    if (row.status === 'CLOSED' && existing?.status === 'CLOSED') return;
    await refreshCounters(tx, id);
  },
  inputToData: (input, { existing }) => {
    const start = valueAfterWrite(input, existing, 'start_at') as Date | null | undefined;
    const end = valueAfterWrite(input, existing, 'end_at') as Date | null | undefined;
    // An inverted (or empty) window would never be open: say which way it must go.
    if (start && end && end <= start) throw fieldError('end_at', 'errors.end_after_start');
    const { careers_selected: selected, ...data } = input;
    if (!selected) return data;
    const create = [...new Set(selected)].map((career_id) => ({ career_id }));
    return { ...data, careers_selected: existing ? { deleteMany: {}, create } : { create } };
  },
});
