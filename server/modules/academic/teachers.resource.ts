// academic/api/teachers/: teachers (profesores). A teacher sees only their own record.
import { z } from 'zod';
import { flag, nullableText, text } from '@/lib/validation';
import { ownRows } from '@/server/engine/scopes';
import { defineResource, delegate } from '@/server/engine/types';

const fields = {
  code: text(20),
  names: text(100),
  first_name: text(100),
  second_name: nullableText(100),
  curp: nullableText(18),
  rfc: nullableText(13),
  email: nullableText(254),
  telephone: nullableText(20),
  status: flag.optional().default(true),
};

export const teachersResource = defineResource({
  base: 'academic/api/teachers/',
  table: 'teachers',
  delegate: delegate((db) => db.teacher),
  // Teachers read their own record from Mis Datos.
  access: { routes: ['academic-teachers'], readRoutes: ['teacher-data'], permission: 'teachers' },
  activeField: 'status',
  select: {
    id: true,
    code: true,
    names: true,
    first_name: true,
    second_name: true,
    curp: true,
    rfc: true,
    email: true,
    telephone: true,
    status: true,
    created_at: true,
    updated_at: true,
  },
  searchFields: ['code', 'names', 'first_name', 'second_name', 'email'],
  filters: { id: 'int' },
  orderingFields: ['code', 'names', 'first_name'],
  defaultOrdering: 'first_name,second_name,names',
  createSchema: z.object(fields),
  updateSchema: z.object(fields),
  scope: ownRows({ teacher: (teacherId) => ({ id: teacherId }) }),
});
