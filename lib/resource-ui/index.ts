// The serializable projection of a resource for its screens (types.ts) and the pure helpers every
// generic screen shares: abilities, records, form values <-> request body,
// server errors, list state <-> URL, row actions. Isomorphic and free of React, so server pages,
// client components and unit tests import the same code from '@/lib/resource-ui'.
export * from './abilities';
export * from './errors';
export * from './form-values';
export * from './list-state';
export * from './records';
export * from './row-actions';
export * from './spec-field';
export * from './states';
export * from './types';
// Client validation (./validation.ts) is imported directly by the form: it brings zod along.
export type { FieldError } from './validation';
