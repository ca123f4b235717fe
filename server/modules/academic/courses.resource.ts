// academic/api/: continuing education (educación continua): courses, their runs (course groups) and
// the students enrolled in a run with their course grade.
import { modelResource } from '@/server/engine/model';
import { fieldError } from '@/server/errors';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { count, orDefault, orNull, score, valueAfterWrite } from '@/server/modules/shared/fields';

export const coursesResource = modelResource({
  base: 'academic/api/courses/',
  model: 'Course',
  access: { routes: ['courses'], readRoutes: ['courses-groups', 'courses-students'], permission: 'courses' },
  search: ['code', 'name', 'short', 'agreement'],
  ordering: ['name'],
  // A course without a career is offered at every campus.
  campusFilter: (campusId) => ({ OR: [{ career: { campus_id: campusId } }, { career_id: null }] }),
});

export const courseGroupsResource = modelResource({
    base: 'academic/api/course-groups/',
    model: 'CourseGroup',
    // A teacher reads the course runs they teach (Mis Grupos).
    access: { routes: ['courses-groups'], readRoutes: ['courses', 'courses-students', 'teacher-groups'], permission: 'courses' },
    search: ['code', 'course.code', 'course.name'],
    ordering: ['-id'],
    fields: { capacity: orDefault(count(10_000)) },
    campusFilter: (campusId) => ({ cicle: { campus_id: campusId } }),
    ownRows: { teacher: (teacherId) => ({ teacher_id: teacherId }) },
  });

export const courseStudentsResource = modelResource({
    base: 'academic/api/course-students/',
    model: 'CourseStudent',
    // Students read their own course grades; a teacher the students of the runs they teach.
    access: { routes: ['courses-students'], readRoutes: ['courses-groups', 'teacher-groups'], permission: 'courses', ownReaders: ['student'] },
    ordering: ['-id'],
    fields: { score: orNull(score) },
    campusFilter: (campusId) => ({ group: { cicle: { campus_id: campusId } } }),
    inputToData: async (input, { tx, existing }) => {
      const groupId = valueAfterWrite(input, existing, 'group_id');
      // Enrolling (or moving) a student counts against the run's capacity; 0 means no limit.
      if (typeof groupId === 'number' && groupId !== existing?.group_id) {
        const group = await tx.courseGroup.findUnique({ where: { id: groupId }, select: { capacity: true, _count: { select: { students: true } } } });
        if (group && group.capacity > 0 && group._count.students >= group.capacity) throw fieldError('group_id', 'errors.capacity_exceeded');
      }
      return input;
    },
    ownRows: {
      student: (studentId) => ({ student_id: studentId }),
      teacher: (teacherId) => ({ group: { teacher_id: teacherId } }),
    },
    search: [...STUDENT_SEARCH, 'group.code'],
  });
