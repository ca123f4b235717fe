// Sign-in accounts of the staff: the seven documented demo users first (ids 1-7, in DEMO_USERS
// order), then the staff of the other campuses. Teachers, students and aspirants get theirs when
// they are made.
import { dayOf } from '../calendar';
import type { Context } from '../context';

export type DemoUser = { username: string; first_name: string; last_name: string; role: string | null; superuser?: boolean };

export type StaffMember = { userId: number; username: string; role: string | null; campusIndex: number | null; position: string; careersOf: 'campus' | 'none' };

export type Accounts = {
  byUsername: Map<string, number>;
  staff: StaffMember[];
};

export function buildAccounts(ctx: Context, demoUsers: readonly DemoUser[]): Accounts {
  const t = ctx.tables;
  const rng = ctx.rng.fork('accounts');
  const byUsername = new Map<string, number>();
  const staff: StaffMember[] = [];
  const positions: Record<string, string> = {
    admin: 'Administrador del sistema',
    control: 'Jefa de Control Escolar',
    finanzas: 'Coordinador de Finanzas',
    coordinacion: 'Coordinadora Académica',
  };

  const addUser = (user: { username: string; first: string; last: string; superuser: boolean; staff: boolean; joined: number; lastLogin: number | null; email: string }) => {
    const id = t.users.add(
      {
        username: user.username,
        first_name: user.first,
        last_name: user.last,
        password: ctx.passwordHash,
        is_superuser: user.superuser,
        last_login: user.lastLogin === null ? null : ctx.stampAt(user.lastLogin, ctx.officeMinute(rng)),
        email: user.email,
        is_staff: user.staff,
        is_active: true,
        date_joined: ctx.stampAt(user.joined, 10 * 60),
        current_group_id: null,
      },
      ctx.stampAt(user.joined, 10 * 60),
    );
    byUsername.set(user.username, id);
    return id;
  };

  const joined = dayOf(ctx.year - 3, 7, 1);
  for (const demo of demoUsers) {
    const id = addUser({
      username: demo.username,
      first: demo.first_name,
      last: demo.last_name,
      superuser: demo.superuser === true,
      staff: !['alumno', 'aspirante'].includes(demo.username),
      joined,
      lastLogin: null,
      email: `${demo.username}@plantel.example`,
    });
    if (demo.role) t.user_roles.add({ user_id: id, role_id: ctx.role(demo.role) });
    if (positions[demo.username]) staff.push({ userId: id, username: demo.username, role: demo.role, campusIndex: demo.username === 'admin' ? null : 0, position: positions[demo.username], careersOf: demo.username === 'coordinacion' ? 'campus' : 'none' });
  }

  const extra: { username: string; role: string; campusIndex: number | null; position: string; careersOf: 'campus' | 'none' }[] = [
    { username: 'rectoria', role: 'admin', campusIndex: null, position: 'Rectoría', careersOf: 'none' },
    { username: 'caja.nte', role: 'finanzas', campusIndex: 0, position: 'Cajera', careersOf: 'none' },
  ];
  ctx.config.campuses.forEach((campus, index) => {
    if (index === 0) return;
    const code = campus.code.toLowerCase();
    extra.push({ username: `control.${code}`, role: 'control_escolar', campusIndex: index, position: 'Auxiliar de Control Escolar', careersOf: 'none' });
    extra.push({ username: `caja.${code}`, role: 'finanzas', campusIndex: index, position: 'Cajero', careersOf: 'none' });
    extra.push({ username: `coord.${code}`, role: 'coordinacion', campusIndex: index, position: 'Coordinador Académico', careersOf: 'campus' });
  });
  for (const member of extra) {
    const person = ctx.person(rng, { born: [1972, 1994], older: true });
    const id = addUser({
      username: member.username,
      first: person.names,
      last: [person.first, person.second].filter(Boolean).join(' '),
      superuser: false,
      staff: true,
      joined: joined + rng.int(0, 700),
      lastLogin: ctx.today - rng.int(0, 12),
      email: `${member.username}@plantel.example`,
    });
    t.user_roles.add({ user_id: id, role_id: ctx.role(member.role) });
    staff.push({ userId: id, ...member });
  }
  // Direct permissions on top of the role, as a school grants them case by case.
  const grant = (username: string, short: string) => {
    const userId = byUsername.get(username);
    const permissionId = ctx.options.permissions.get(short);
    if (userId && permissionId) t.user_permissions.add({ user_id: userId, permission_id: permissionId });
  };
  // The head of Finanzas reads any cashier's cash-up (finance/cash-up.ts); cashiers read their own.
  grant('finanzas', 'payments.change');
  grant('caja.nte', 'payments.delete');
  grant('caja.nte', 'sales.delete');
  grant('rectoria', 'users.view');
  grant('rectoria', 'settings.view');

  return { byUsername, staff };
}
