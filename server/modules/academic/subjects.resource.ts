// academic/api/subjects/: the subjects of a study plan, with their prerequisites (seriación). The
// prerequisites are join rows; the API shows them as a list of subjects and takes a list of ids.
import { ids, integer } from '@/lib/validation';
import * as contracts from '@/lib/contracts/academic';
import { prisma } from '@/server/db/client';
import { recordHistory } from '@/server/engine/audit';
import { modelResource } from '@/server/engine/model';
import { type ResourceDefinition, type Row, defineAction } from '@/server/engine/types';
import { fieldError } from '@/server/errors';
import { count, orDefault, orNull, sepKey, valueAfterWrite } from '@/server/modules/shared/fields';
import { SEP_SUBJECT_TYPES } from '@/lib/certificates/fields';
import { z } from 'zod';

type Link = { prerequisite: Row };

const definition = modelResource({
  base: 'academic/api/subjects/',
  model: 'Subject',
  // Schedules, groups, revalidations and score screens pick subjects.
  access: {
    routes: ['academic-study_plans'],
    readRoutes: ['scholar-scheduler', 'scholar-scheduler-loads', 'academic-groups', 'scholar-students', 'scores', 'scores-previous', 'scores-extras', 'scores-exceptions'],
    permission: 'subjects',
  },
  search: ['code', 'description'],
  ordering: ['grade', 'order', 'code'],
  fields: {
    grade: integer(1, 12),
    hours: orDefault(count(10_000)),
    week_hrs: orDefault(count(168)),
    hours_prct: orDefault(count(10_000)),
    order: orDefault(count(999)),
    sep_subject_id: orNull(sepKey(10)),
    // Empty: is_mandatory decides (obligatoria or optativa) when the certificate is issued.
    sep_subject_type: orNull(z.enum(SEP_SUBJECT_TYPES as [string, ...string[]], { message: 'errors.choice' })),
  },
  filters: { grade: 'int' },
  campusFilter: (campusId) => ({ study_plan: { career: { campus_id: campusId } } }),
  include: {
    serialized: { select: { prerequisite: { select: { id: true, code: true, description: true } } }, orderBy: { prerequisite: { code: 'asc' } } },
  },
  serialize: (row) => ({ ...row, serialized: ((row.serialized ?? []) as Link[]).map((link) => link.prerequisite) }),
  inputToData: async (input, { tx, existing }) => {
    const { serialized, ...data } = input;
    if (!Array.isArray(serialized)) return data;
    const wanted = [...new Set(serialized as number[])];
    const subjectId = existing?.id as number | undefined;
    if (subjectId !== undefined && wanted.includes(subjectId)) throw fieldError('serialized', 'errors.choice');
    if (wanted.length) {
      // A prerequisite is a subject of the same plan, and not one that already requires this subject.
      const planId = valueAfterWrite(data, existing, 'study_plan_id') as number;
      const found = await tx.subject.count({ where: { id: { in: wanted }, study_plan_id: planId } });
      if (found !== wanted.length) throw fieldError('serialized', 'errors.choice');
      if (subjectId !== undefined) {
        const circular = await tx.subjectPrerequisite.count({ where: { subject_id: { in: wanted }, prerequisite_id: subjectId } });
        if (circular) throw fieldError('serialized', 'errors.choice');
      }
    }
    const create = wanted.map((prerequisite_id) => ({ prerequisite_id }));
    return { ...data, serialized: existing ? { deleteMany: {}, create } : { create } };
  },
  writeFields: { serialized: ids.nullish() },
});

/**
 * POST academic/api/subjects/update_order/ `{subjects: [{id, order}, ...]}`: the order of a study
 * plan's subjects (the plan page's drag and arrows). All of one plan, in one transaction, with a
 * history row for each subject whose place changed. Answers the plan's subjects in their new order.
 */
const updateOrder = defineAction(contracts.updateSubjectOrder, {
  needs: 'write',
  handler: async ({ actor, input }) => {
    const { subjects } = input;
    const wanted = new Map(subjects.map((subject) => [subject.id, subject.order]));
    const plan = await prisma.$transaction(async (tx) => {
      const found = await tx.subject.findMany({ where: { id: { in: [...wanted.keys()] } }, select: { id: true, order: true, study_plan_id: true } });
      const plans = new Set(found.map((subject) => subject.study_plan_id));
      if (found.length !== wanted.size || plans.size !== 1) throw fieldError('subjects', 'errors.choice');
      for (const subject of found) {
        const order = wanted.get(subject.id)!;
        if (order === subject.order) continue;
        await tx.subject.update({ where: { id: subject.id }, data: { order } });
        await recordHistory(tx, { table: 'subjects', recordId: subject.id, type: '~', actor, changes: [{ field: 'order', old: subject.order, new: order }] });
      }
      return found[0].study_plan_id;
    });
    const ordered = await prisma.subject.findMany({ where: { study_plan_id: plan }, orderBy: [{ grade: 'asc' }, { order: 'asc' }, { code: 'asc' }], select: { id: true, code: true, grade: true, order: true } });
    return ordered;
  },
});

export const subjectsResource: ResourceDefinition = {
  ...definition,
  actions: [updateOrder],
  // Prerequisites are picked among the subjects of the same plan.
  idLists: { serialized: { base: 'academic/api/subjects/', labelField: 'description', detailField: 'code', query: { study_plan_id: '{study_plan_id}' } } },
};
