// Row scopes: students, teachers and aspirants see only their own records. A resource names how
// each kind reaches its own rows; a kind it does not name sees nothing. Staff are not restricted.
import type { Actor } from '@/server/auth/actor';
import type { ScopeResult, Where } from './types';

export type OwnRowRules<W extends object = Where> = {
  student?: (studentId: number) => W;
  teacher?: (teacherId: number) => W;
  aspirant?: (aspirantId: number) => W;
};

export function ownRows<W extends object>(rules: OwnRowRules<W>): (actor: Actor) => ScopeResult<W> {
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
