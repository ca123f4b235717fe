// scheduler/api/student-groups/: enrolment of a student in a group (whole group, or one subject for
// an irregular student). A student reads their own enrolments; a teacher those of their groups.
import { modelResource } from '@/server/engine/model';
import { SCORE_SCREENS } from '@/server/modules/shared/score-screens';
import { STUDENT_DEFAULT_ORDERING, STUDENT_ORDERING, STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { checkEnrolment } from './enrolment';
import { teacherGroups } from './scopes';

export const studentGroupsResource = modelResource({
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
    // Enrolling a student in a whole group checks its capacity under a lock on the group.
    inputToData: checkEnrolment,
  });
