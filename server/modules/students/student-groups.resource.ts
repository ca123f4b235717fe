// scheduler/api/student-groups/: enrolment of a student in a group (whole group, or one subject for
// an irregular student). A student reads their own enrolments; a teacher those of their groups.
// Creating one is `enrol` (enrolment.ts), the one enrolment operation: it closes the student's
// previous current enrolment of the period and sets her current group. Its state table says what a
// plain save or delete may do to an enrolment.
import { prisma } from '@/server/db/client';
import { recordHistory, recordHistoryMany } from '@/server/engine/audit';
import { authorize, show } from '@/server/engine/engine';
import { modelResource } from '@/server/engine/model';
import { created } from '@/server/engine/results';
import { type ResourceDefinition, type Row, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/students';
import { ApiError, msg } from '@/server/errors';
import { parseInput } from '@/server/validation';
import { SCORE_SCREENS } from '@/server/modules/shared/score-screens';
import { STUDENT_DEFAULT_ORDERING, STUDENT_ORDERING, STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { enrol, enrolmentStates } from './enrolment';
import { teacherGroups } from '@/server/modules/scheduler';

const toId = (value: unknown) => (value && typeof value === 'object' && 'id' in value ? (value as Row).id : value);

/**
 * POST scheduler/api/student-groups/: the generic create would write the row and nothing else
 * (the student would keep her previous current group and her current group unset), so the
 * create is `enrol`, validated with the resource's own create schema. A new enrolment answers
 * 201; one that is already current answers 409 (nothing to do). A relation may come under its own
 * name (`student`: 5 or {id: 5}) as in any create; what is required is the create schema's to say.
 */
const enrolAction = defineAction(contracts.enrol, {
  needs: 'write',
  handler: async (ctx) => {
    const definition = studentGroupsResource;
    authorize(ctx.actor, definition, 'write', 'add');
    const body: Row = ctx.input;
    const payload: Row = {};
    for (const [name, value] of Object.entries(body)) {
      const key = definition.relationAliases?.[name] ?? name;
      if (key !== name && key in body) continue;
      payload[key] = toId(value);
    }
    const input = parseInput(definition.createSchema!, payload) as { student_id: number; group_id: number; subject_id?: number | null; is_boss?: boolean; is_current?: boolean; status?: boolean };
    // An enrolment is made current; a past one is history that `enrol` and the movements write.
    if (input.is_current === false || input.status === false) throw new ApiError(400, null, { is_current: [msg('scholar.enrolment.only_current')] });
    const id = await prisma.$transaction(async (tx) => {
      const done = await enrol(tx, ctx.actor, { student_id: input.student_id, group_id: input.group_id, subject_id: input.subject_id ?? null, is_boss: input.is_boss });
      if (done.already) throw new ApiError(409, msg('scholar.enrolment.already'));
      await recordHistoryMany(tx, done.history);
      return done.id;
    });
    return created(await show(definition, ctx, id));
  },
});

export const studentGroupsResource: ResourceDefinition = modelResource({
  base: 'scheduler/api/student-groups/',
  model: 'StudentGroup',
  access: {
    routes: ['academic-groups', 'scholar-students'],
    readRoutes: [
      'scholar-scheduler',
      'scholar-movements',
      'reports-attendance_list',
      'reports-students_by_group',
      'permanence-reinscriptions',
      ...SCORE_SCREENS,
      'polls-aplications',
      'teacher-classes',
      'teacher-groups',
      'portal-data',
      'portal-schedule',
      'portal-kardex',
    ],
    permission: 'student_groups',
  },
  campusFilter: (campusId) => ({ group: { cicle: { campus_id: campusId } } }),
  ownRows: {
    student: (studentId) => ({ student_id: studentId }),
    teacher: (teacherId) => ({ group: teacherGroups(teacherId) }),
  },
  search: [...STUDENT_SEARCH, 'group.code'],
  sortableRelations: [...STUDENT_ORDERING, 'group.code'],
  ordering: STUDENT_DEFAULT_ORDERING,
  inputToData: (input, { existing }) => {
    // Only `enrol` creates an enrolment (the POST above); server code that calls the generic create is a bug.
    if (!existing) throw new Error('student_groups are created by enrol() (server/modules/scheduler/enrolment.ts)');
    return input;
  },
  // A current enrolment deleted (made by mistake, no scores): the student's current group goes with it.
  afterDelete: async ({ tx, actor, existing }) => {
    if (!existing || existing.subject_id) return;
    const student = await tx.student.findUnique({ where: { id: existing.student_id as number }, select: { current_group_id: true } });
    if (student?.current_group_id !== existing.group_id) return;
    await tx.student.update({ where: { id: existing.student_id as number }, data: { current_group_id: null } });
    await recordHistory(tx, { table: 'students', recordId: existing.student_id as number, type: '~', actor, changes: [{ field: 'current_group_id', old: existing.group_id, new: null }] });
  },
  // What a plain save or delete may do to an enrolment in each state (enrolment.ts).
  states: enrolmentStates,
  actions: [enrolAction],
});
