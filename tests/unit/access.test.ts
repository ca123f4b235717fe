import { describe, expect, it } from 'vitest';
import { type AccessSubject, canOpenRoute, hasPermission, normalizeForSearch, unionRoutes, visibleMenu } from '@/lib/auth/access';
import { STAFF_MENU, STAFF_ROUTES, routeForPath, routePath } from '@/lib/menu';

const subject = (over: Partial<AccessSubject> = {}): AccessSubject => ({ is_superuser: false, routes: [], permissions: [], roles: [], ...over });

describe('unionRoutes', () => {
  it.each([
    { name: 'no roles', roles: [], expected: [] },
    { name: 'one role', roles: [{ routes: ['finance-sales', 'finance-payments'] }], expected: ['finance-payments', 'finance-sales'] },
    {
      name: 'two roles overlap without repeats',
      roles: [{ routes: ['scores', 'scholar-students'] }, { routes: ['scholar-students', 'finance-sales'] }],
      expected: ['finance-sales', 'scholar-students', 'scores'],
    },
    { name: 'inactive role adds nothing', roles: [{ routes: ['scores'] }, { routes: ['finance-sales'], status: false }], expected: ['scores'] },
    { name: 'malformed route lists are ignored', roles: [{ routes: 'scores' }, { routes: [3, '', 'tools-turns'] }], expected: ['tools-turns'] },
  ])('$name', ({ roles, expected }) => {
    expect(unionRoutes(roles)).toEqual(expected);
  });
});

describe('canOpenRoute and permissions', () => {
  it('superusers pass every route and permission', () => {
    const admin = subject({ is_superuser: true });
    expect(canOpenRoute(admin, 'settings-users')).toBe(true);
    expect(hasPermission(admin, 'anything.at_all')).toBe(true);
  });
  it('the index route is open to everyone signed in', () => {
    expect(canOpenRoute(subject(), 'index')).toBe(true);
  });
  it('other routes need to be in the allowed routes', () => {
    const finance = subject({ routes: ['finance-sales'] });
    expect(canOpenRoute(finance, 'finance-sales')).toBe(true);
    expect(canOpenRoute(finance, 'settings-users')).toBe(false);
    expect(canOpenRoute(finance, null)).toBe(false);
  });
  it('permission checks pass with the code or any of a list', () => {
    const user = subject({ permissions: ['users.view'] });
    expect(hasPermission(user, 'users.view')).toBe(true);
    expect(hasPermission(user, ['users.change', 'users.view'])).toBe(true);
    expect(hasPermission(user, ['users.change', 'users.delete'])).toBe(false);
  });
});

describe('visibleMenu', () => {
  it('a superuser sees all 13 submenus', () => {
    expect(visibleMenu(subject({ is_superuser: true }), STAFF_MENU)).toHaveLength(13);
  });
  it('hides disallowed items and drops empty submenus', () => {
    const menu = visibleMenu(subject({ routes: ['finance-sales', 'finance-payments'] }), STAFF_MENU);
    expect(menu.map((s) => s.key)).toEqual(['finance']);
    expect(menu[0].items.map((i) => i.route)).toEqual(['finance-sales', 'finance-payments']);
  });
  it('filters by title without accents or case', () => {
    const titled = STAFF_MENU.map((s) => ({ ...s, items: s.items.map((i) => ({ ...i, title: i.route === 'scores' ? 'Calificaciones' : i.route })) }));
    const found = visibleMenu(subject({ is_superuser: true }), titled, 'CALIFICACIÓN');
    expect(found.flatMap((s) => s.items.map((i) => i.route))).toEqual(['scores']);
  });
  it('lists the week builder under Académico for whoever may open Horarios, and finds it by "horario"', () => {
    const titled = STAFF_MENU.map((s) => ({ ...s, items: s.items.map((i) => ({ ...i, title: i.route === 'scholar-scheduler-groups' ? 'Horario por grupo' : i.route === 'scholar-scheduler' ? 'Horarios' : i.route })) }));
    const scheduling = visibleMenu(subject({ routes: ['scholar-scheduler'] }), titled);
    expect(scheduling.flatMap((s) => s.items.map((i) => i.route))).toEqual(['scholar-scheduler', 'scholar-scheduler-groups']);
    expect(visibleMenu(subject({ routes: ['scholar-scheduler-loads'] }), titled).flatMap((s) => s.items.map((i) => i.route))).toEqual(['scholar-scheduler-loads']);
    const found = visibleMenu(subject({ routes: ['scholar-scheduler'] }), titled, 'horario');
    expect(found.flatMap((s) => s.items.map((i) => i.route))).toContain('scholar-scheduler-groups');
    // Not a right a role is given: the roles' route picker does not offer it.
    expect(STAFF_ROUTES).not.toContain('scholar-scheduler-groups');
  });
  it('normalizes accents for search', () => {
    expect(normalizeForSearch('  Educ. Contínua ')).toBe('educ. continua');
  });
});

describe('routes and paths', () => {
  it.each([
    ['/', 'index'],
    ['/academic/teachers', 'academic-teachers'],
    ['/academic/teachers/17', 'academic-teachers'],
    ['/scholar/scheduler/loads', 'scholar-scheduler-loads'],
    ['/scholar/scheduler/groups/3', 'scholar-scheduler'],
    ['/settings', 'settings'],
    ['/settings/roles/2', 'settings-roles'],
    ['/invoices/units', 'invoices-catalogs'],
    ['/teacher/scores/1/2', 'teacher-classes'],
    ['/portal/kardex', 'portal-kardex'],
    ['/nothing/here', null],
  ])('%s is authorized by %s', (path, route) => {
    expect(routeForPath(path)).toBe(route);
  });
  it('route names read as paths', () => {
    expect(routePath('reports-attendance_list')).toBe('/reports/attendance_list');
    expect(routePath('scholar-scheduler-loads')).toBe('/scholar/scheduler/loads');
  });
});
