// academic/api/subjects/: the subjects of a study plan, with their prerequisites (seriación). The
// prerequisites are join rows; the API shows them as a list of subjects and takes a list of ids.
import { ids, integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import type { Row } from '@/server/engine/types';
import { fieldError } from '@/server/http/errors';
import { after, count, orDefault, withWriteFields } from '@/server/modules/students/fields';

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
  ordering: 'grade,order,code',
  fields: {
    grade: integer(1, 12),
    hours: orDefault(count(10_000)),
    week_hrs: orDefault(count(168)),
    hours_prct: orDefault(count(10_000)),
    order: orDefault(count(999)),
  },
  filters: { grade: 'int' },
  campusFilter: (campusId) => ({ study_plan: { career: { campus_id: campusId } } }),
  include: {
    serialized: { select: { prerequisite: { select: { id: true, code: true, description: true } } }, orderBy: { prerequisite: { code: 'asc' } } },
  },
  serialize: (row) => ({ ...row, serialized: ((row.serialized ?? []) as Link[]).map((link) => link.prerequisite) }),
  toData: async (input, { tx, existing }) => {
    const { serialized, ...data } = input;
    if (!Array.isArray(serialized)) return data;
    const wanted = [...new Set(serialized as number[])];
    const subjectId = existing?.id as number | undefined;
    if (subjectId !== undefined && wanted.includes(subjectId)) throw fieldError('serialized', 'errors.choice');
    if (wanted.length) {
      // A prerequisite is a subject of the same plan, and not one that already requires this subject.
      const planId = after(data, existing, 'study_plan_id') as number;
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
});

export const subjectsResource = withWriteFields(definition, { serialized: ids.nullish() });
