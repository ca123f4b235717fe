// The person paths most lists are searched and sorted by: lists of scores, enrolments or payments
// are searched and sorted by the student's or teacher's name, which lives on a related record. A
// definition names them in its `search` and `sortableRelations` (typed against its model; see
// model-types.ts), e.g. `search: [...STUDENT_SEARCH, 'group.code']` or
// `search: under('sale', STUDENT_SEARCH)` for a payment.
export { under } from './model-types';

/** The person paths most lists are searched and sorted by. */
export const STUDENT_SEARCH = ['student.no_control', 'student.names', 'student.first_name', 'student.second_name'] as const;
export const STUDENT_ORDERING = ['student.first_name', 'student.second_name', 'student.names', 'student.no_control'] as const;
export const STUDENT_DEFAULT_ORDERING = ['student.first_name', 'student.second_name', 'student.names'] as const;
export const TEACHER_SEARCH = ['teacher.code', 'teacher.names', 'teacher.first_name', 'teacher.second_name'] as const;

