// Types that tie a resource definition to its Prisma model, so a misspelt field, a relation path
// that does not exist or a where clause of the wrong model fails to compile (architecture.md:
// "Type it against the Prisma model").
import type { Prisma } from '@/server/db/client';

export type Model = Prisma.ModelName;
type Payload<M extends Model> = Prisma.TypeMap['model'][M]['payload'];

export type ScalarField<M extends Model> = Extract<keyof Payload<M>['scalars'], string>;
export type RelationField<M extends Model> = Extract<keyof Payload<M>['objects'], string>;

/** The model's own where clause (what its Prisma `findMany` takes). */
export type WhereOf<M extends Model> = NonNullable<Prisma.TypeMap['model'][M]['operations']['findMany']['args']['where']>;

/** Relations to one record (a student's career), not lists. */
type ToOneRelation<M extends Model> = {
  [R in RelationField<M>]: NonNullable<Payload<M>['objects'][R]> extends readonly unknown[] ? never : R;
}[RelationField<M>];

/** The model a to-one relation points at. */
type TargetOf<M extends Model, R extends ToOneRelation<M>> = NonNullable<Payload<M>['objects'][R]> extends { name: infer N } ? Extract<N, Model> : never;

type OneStep<M extends Model> = { [R in ToOneRelation<M>]: `${R}.${ScalarField<TargetOf<M, R>>}` }[ToOneRelation<M>];
type TwoSteps<M extends Model> = { [R in ToOneRelation<M>]: `${R}.${OneStep<TargetOf<M, R>>}` }[ToOneRelation<M>];

/** A field of the model or of a record it reaches through to-one relations ("student.names",
 * "sale.student.no_control"): what lists search and sort by. */
export type FieldPath<M extends Model> = ScalarField<M> | OneStep<M> | TwoSteps<M>;

/** An ordering term: a field path, descending with a leading "-". */
export type OrderTerm<M extends Model> = FieldPath<M> | `-${FieldPath<M>}`;

/** Paths of a related record seen from the record that points at it: `under('sale', STUDENT_SEARCH)`. */
export function under<P extends string, const T extends readonly string[]>(prefix: P, paths: T): { [K in keyof T]: `${P}.${T[K] & string}` } {
  return paths.map((path) => `${prefix}.${path}`) as { [K in keyof T]: `${P}.${T[K] & string}` };
}

/** What a write's validated input holds: the model's fields as the derived schemas parse them
 * (decimals as exact text), plus the extra write fields the definition declares. */
type InputValue<T> = [T] extends [Prisma.Decimal] ? string : [T] extends [Prisma.Decimal | null] ? string | null : T;
export type WriteInput<M extends Model, Extra extends Record<string, unknown> = Record<never, never>> = {
  [K in ScalarField<M>]?: InputValue<Payload<M>['scalars'][K]>;
} & { [K in keyof Extra]?: Extra[K] };
