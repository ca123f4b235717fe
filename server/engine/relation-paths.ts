// Search and ordering through related records ("student.names"): modelResource types `search`
// and `ordering` against the model's own fields; lists of scores, enrolments or payments are
// searched and sorted by the student's or teacher's name, which lives on a related record. Each
// path is checked against the model metadata when the module loads, so a misspelt path fails at
// start-up instead of answering 500 on the first search.
import { modelMeta } from './model';
import type { ResourceDefinition } from './types';

function checkPath(model: string, path: string): void {
  let current = model;
  const parts = path.split('.');
  parts.forEach((part, index) => {
    const field = modelMeta(current).fields.find((f) => f.name === part);
    const last = index === parts.length - 1;
    if (!field || field.list || (last ? field.kind === 'relation' : field.kind !== 'relation')) {
      throw new Error(`${model}: "${path}" is not a scalar reached through to-one relations`);
    }
    current = field.type;
  });
}

export function withRelationPaths(
  definition: ResourceDefinition,
  paths: { search?: readonly string[]; ordering?: readonly string[]; defaultOrdering?: string },
): ResourceDefinition {
  const model = definition.model;
  if (!model) throw new Error(`${definition.base}: relation paths need a model`);
  for (const path of [...(paths.search ?? []), ...(paths.ordering ?? [])]) checkPath(model, path);
  for (const item of paths.defaultOrdering?.split(',') ?? []) {
    const field = item.trim().replace(/^-/, '');
    if (!definition.orderingFields.includes(field) && !paths.ordering?.includes(field)) throw new Error(`${definition.base}: unknown ordering "${field}"`);
  }
  return {
    ...definition,
    searchFields: [...definition.searchFields, ...(paths.search ?? [])],
    orderingFields: [...definition.orderingFields, ...(paths.ordering ?? [])],
    defaultOrdering: paths.defaultOrdering ?? definition.defaultOrdering,
  };
}

/** The person paths most lists are searched and sorted by. */
export const STUDENT_SEARCH = ['student.no_control', 'student.names', 'student.first_name', 'student.second_name'] as const;
export const STUDENT_ORDERING = ['student.first_name', 'student.second_name', 'student.names', 'student.no_control'] as const;
export const STUDENT_DEFAULT_ORDERING = 'student.first_name,student.second_name,student.names';
export const TEACHER_SEARCH = ['teacher.code', 'teacher.names', 'teacher.first_name', 'teacher.second_name'] as const;

/** Lets `search` match fields of related records too. */
export function withSearch(definition: ResourceDefinition, paths: readonly string[]): ResourceDefinition {
  return withRelationPaths(definition, { search: paths });
}
