// Row scopes: students, teachers and aspirants see only their own records. A resource names how
// each kind reaches its own rows; a kind it does not name sees nothing. Staff are not restricted.
import type { Actor } from '@/server/auth/actor';
import type { ScopeResult, Where } from './types';

type ScopeRules = {
  student?: (studentId: number) => Where;
  teacher?: (teacherId: number) => Where;
  aspirant?: (aspirantId: number) => Where;
};

export function ownRows(rules: ScopeRules): (actor: Actor) => ScopeResult {
  return (actor) => {
    switch (actor.kind) {
      case 'student':
        return actor.student_id && rules.student ? rules.student(actor.student_id) : 'none';
      case 'teacher':
        return actor.teacher_id && rules.teacher ? rules.teacher(actor.teacher_id) : 'none';
      case 'aspirant':
        return actor.aspirant_id && rules.aspirant ? rules.aspirant(actor.aspirant_id) : 'none';
      default:
        return undefined;
    }
  };
}
