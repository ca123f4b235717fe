// manage/api/roles/ and manage/api/permissions/: what groups of users may open and do.
import { z } from 'zod';
import { forgetActor } from '@/server/auth/actor';
import { STAFF_ROUTES, PORTAL_ROUTES } from '@/lib/menu';
import { flag, forUpdate, optionalText, text } from '@/lib/validation';
import { defineResource, delegate } from '@/server/engine/types';

/** Route names a role may list: the menus' routes (unknown names would silently grant nothing). */
const KNOWN = new Set([...STAFF_ROUTES, ...PORTAL_ROUTES]);
const routes = z
  .array(z.string())
  .max(500)
  .refine((list) => list.every((route) => KNOWN.has(route)), { message: 'errors.choice' })
  .transform((list) => [...new Set(list)]);

const roleFields = {
  name: text(100),
  short: text(50).regex(/^[a-z0-9_.-]+$/i, { message: 'errors.invalid' }),
  category: optionalText(50),
  routes: routes.optional().default([]),
  status: flag.optional().default(true),
};

export const rolesResource = defineResource({
  base: 'manage/api/roles/',
  table: 'roles',
  model: 'Role',
  delegate: delegate((db) => db.role),
  access: { routes: ['settings-roles'], readRoutes: ['settings-users'], permission: 'roles' },
  activeField: 'status',
  select: { id: true, name: true, short: true, category: true, routes: true, status: true, created_at: true, updated_at: true },
  searchFields: ['name', 'short', 'category'],
  filters: { category: 'string', id: 'int' },
  orderingFields: ['name', 'short', 'category', 'status'],
  defaultOrdering: 'name',
  // Roles, permissions and accounts decide what cached actors may do.
  afterChange: () => forgetActor(),
  // The category is a code of a fixed set ("staff"), named as the roles screen names it ("Personal").
  exportColumns: [{ field: 'name' }, { field: 'short' }, { field: 'category', valuesKey: 'settings.roles.categories' }, { field: 'status' }, { field: 'created_at' }, { field: 'updated_at' }],
  createSchema: z.object(roleFields),
  // What a PUT leaves out keeps its value: the defaults are for new roles only.
  updateSchema: forUpdate(roleFields),
});

const permissionFields = {
  name: text(100),
  short: text(100).regex(/^[a-z0-9_.-]+$/i, { message: 'errors.invalid' }),
  category: optionalText(50),
  status: flag.optional().default(true),
};

export const permissionsResource = defineResource({
  base: 'manage/api/permissions/',
  table: 'permissions',
  model: 'Permission',
  delegate: delegate((db) => db.permission),
  access: { routes: ['settings-permissions'], readRoutes: ['settings-users', 'settings-roles'], permission: 'permissions' },
  activeField: 'status',
  select: { id: true, name: true, short: true, category: true, status: true, created_at: true, updated_at: true },
  searchFields: ['name', 'short', 'category'],
  filters: { category: 'string', id: 'int' },
  orderingFields: ['name', 'short', 'category', 'status'],
  defaultOrdering: 'short',
  // Roles, permissions and accounts decide what cached actors may do.
  afterChange: () => forgetActor(),
  // The category is the resource a permission is about ("sales"), named as its table ("ventas"), as the screen does.
  exportColumns: [{ field: 'name' }, { field: 'short' }, { field: 'category', valuesKey: 'tables' }, { field: 'status' }, { field: 'created_at' }, { field: 'updated_at' }],
  createSchema: z.object(permissionFields),
  updateSchema: forUpdate(permissionFields),
});
