// Helpers the scheduler, scores and polls definitions share.
import type { Row } from '@/server/engine/types';

export { STUDENT_DEFAULT_ORDERING, STUDENT_ORDERING, STUDENT_SEARCH, TEACHER_SEARCH, withRelationPaths } from '@/server/engine/relation-paths';

/** A PUT leaves out what it does not change: cross-field rules check the record as it will be. */
export function valueAfterWrite(input: Row, existing: Row | null, field: string): unknown {
  return input[field] !== undefined ? input[field] : existing?.[field];
}
