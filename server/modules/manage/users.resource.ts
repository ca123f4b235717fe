// manage/api/users/: staff accounts, their roles, permissions and careers (Settings > Usuarios).
import { z } from 'zod';
import { forgetActor } from '@/server/auth/actor';
import { fieldSchema } from '@/lib/field-schema';
import { USER_FIELDS } from '@/lib/manage-fields';
import { flag, forUpdate, ids, password } from '@/lib/validation';
import * as contracts from '@/lib/contracts/manage';
import { hashPassword, verifyPassword } from '@/server/auth/password';
import { revokeUserSessions } from '@/server/auth/sessions';
import { prisma } from '@/server/db/client';
import { canUse, parseId } from '@/server/engine/engine';
import { recordHistory } from '@/server/engine/audit';
import { type Row, defineAction, defineResource, delegate } from '@/server/engine/types';
import { fieldError, forbidden, notFound } from '@/server/errors';

const base = {
  // Limits stated once for the API and the Settings screen (lib/manage-fields.ts).
  username: fieldSchema(USER_FIELDS.username),
  first_name: fieldSchema(USER_FIELDS.first_name),
  last_name: fieldSchema(USER_FIELDS.last_name),
  email: fieldSchema(USER_FIELDS.email),
  is_superuser: flag.optional().default(false),
  is_staff: flag.optional().default(true),
  is_active: flag.optional().default(true),
  language: z.enum(['es', 'en']).optional(),
  roles: ids.optional(),
  permissions: ids.optional(),
  careers: ids.optional(),
};


const select = {
  id: true,
  username: true,
  first_name: true,
  last_name: true,
  email: true,
  is_superuser: true,
  is_staff: true,
  is_active: true,
  language: true,
  last_login: true,
  date_joined: true,
  created_at: true,
  updated_at: true,
  roles: { select: { role: { select: { id: true, name: true, short: true } } }, orderBy: { role_id: 'asc' } },
  permissions: { select: { permission: { select: { id: true, name: true, short: true } } }, orderBy: { permission_id: 'asc' } },
  careers: { select: { career: { select: { id: true, name: true } } }, orderBy: { career_id: 'asc' } },
} as const;

type Joined = { role?: Row; permission?: Row; career?: Row };

/** A list of ids as the join rows of a many-to-many link; on update the old rows go first. */
function links(key: 'role_id' | 'permission_id' | 'career_id', values: unknown, replacing: boolean) {
  if (!Array.isArray(values)) return undefined;
  const create = [...new Set(values as number[])].map((value) => ({ [key]: value }));
  return replacing ? { deleteMany: {}, create } : { create };
}

export const usersResource = defineResource({
  base: 'manage/api/users/',
  table: 'users',
  model: 'User',
  delegate: delegate((db) => db.user),
  // The audit screen finds users by name for its filter.
  access: { routes: ['settings-users'], readRoutes: ['settings-audit'], permission: 'users' },
  activeField: 'is_active',
  select,
  serialize: (row) => ({
    ...row,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    roles: (row.roles as Joined[]).map((link) => link.role),
    permissions: (row.permissions as Joined[]).map((link) => link.permission),
    careers: (row.careers as Joined[]).map((link) => link.career),
  }),
  searchFields: ['username', 'first_name', 'last_name', 'email'],
  filters: { is_active: 'bool', is_staff: 'bool', is_superuser: 'bool', id: 'int' },
  orderingFields: ['username', 'first_name', 'last_name', 'email', 'last_login', 'date_joined', 'is_active'],
  defaultOrdering: 'username',
  createSchema: z.object({ ...base, password }),
  // What a PUT leaves out keeps its value: the defaults above are for new accounts only.
  updateSchema: forUpdate(base),
  // Roles, permissions and accounts decide what cached actors may do.
  afterChange: () => forgetActor(),
  auditExclude: ['password'],
  inputToData: async (input, { actor, existing }) => {
    // Only a superuser makes or unmakes superusers.
    if (!actor.is_superuser && input.is_superuser !== (existing?.is_superuser ?? false)) throw forbidden();
    const data: Row = { ...input };
    if (typeof input.password === 'string') data.password = await hashPassword(input.password);
    data.roles = links('role_id', input.roles, !!existing);
    data.permissions = links('permission_id', input.permissions, !!existing);
    data.careers = links('career_id', input.careers, !!existing);
    return data;
  },
  exportColumns: [
    { field: 'username' },
    { field: 'first_name' },
    { field: 'last_name' },
    { field: 'email' },
    { field: 'roles' },
    { field: 'is_active' },
    { field: 'last_login' },
  ],
  actions: [
    // POST manage/api/users/{id}/change_password/ – users change their own (with the current
    // password); staff who manage users reset anyone's.
    defineAction(contracts.changeUserPassword, {
      needs: 'signed-in',
      handler: async ({ actor, params, input, ...ctx }) => {
        const userId = parseId(params.id);
        const self = userId === actor.id;
        const definition = usersResource;
        if (!self && !canUse(actor, definition, 'write', 'change')) throw forbidden();
        const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true, password: true, is_superuser: true } });
        if (!user) throw notFound();
        if (user.is_superuser && !actor.is_superuser) throw forbidden();
        if (self && !(await verifyPassword(input.current_password ?? '', user.password))) {
          throw fieldError('current_password', 'auth.current_password_wrong');
        }
        const hash = await hashPassword(input.password);
        await prisma.$transaction(async (tx) => {
          await tx.user.update({ where: { id: userId }, data: { password: hash } });
          await recordHistory(tx, { table: 'users', recordId: userId, type: '~', actor, changes: [{ field: 'password', old: '••••', new: '••••' }] });
        });
        // Other sessions of that user end; one's own current session stays.
        await revokeUserSessions(userId, self ? actor.sessionId : undefined);
        return { detail: ctx.t('auth.password_changed') };
      },
    }),
  ],
});
