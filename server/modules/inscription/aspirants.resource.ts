// inscription/api/aspirants/: applicants (aspirantes). A remote aspirant sees only their own record.
import { z } from 'zod';
import { id, nullableText, text } from '@/lib/validation';
import { ownRows } from '@/server/engine/scopes';
import { defineResource, delegate } from '@/server/engine/types';

const fields = {
  names: text(100),
  first_name: text(100),
  second_name: nullableText(100),
  email: nullableText(254),
  curp: nullableText(18),
  career_id: id.nullish(),
  campus_id: id.nullish(),
  cicle_id: id.nullish(),
};

export const aspirantsResource = defineResource({
  base: 'inscription/api/aspirants/',
  table: 'aspirants',
  delegate: delegate((db) => db.aspirant),
  // Remote aspirants read their own record from the aspirant portal.
  access: { routes: ['permanence-aspirants'], permission: 'aspirants', ownReaders: ['aspirant'] },
  activeField: 'is_active',
  campusFilter: (campusId) => ({ campus_id: campusId }),
  select: {
    id: true,
    web_code: true,
    names: true,
    first_name: true,
    second_name: true,
    email: true,
    curp: true,
    status: true,
    is_active: true,
    career: { select: { id: true, name: true } },
    campus: { select: { id: true, name: true } },
    cicle: { select: { id: true, description: true } },
    created_at: true,
    updated_at: true,
  },
  searchFields: ['web_code', 'names', 'first_name', 'second_name', 'email', 'curp'],
  filters: { career_id: 'int', campus_id: 'int', cicle_id: 'int', id: 'int' },
  orderingFields: ['web_code', 'names', 'first_name', 'created_at', 'status'],
  defaultOrdering: '-created_at',
  createSchema: z.object({ ...fields, web_code: text(20) }),
  updateSchema: z.object(fields),
  scope: ownRows({ aspirant: (aspirantId) => ({ id: aspirantId }) }),
});
