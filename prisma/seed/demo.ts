// Demo data for `npm start` on the embedded database: campuses, periods with their partials,
// careers, a group, and one user of each kind, all sharing the documented demo password.
import type { PrismaClient } from '../../server/db/generated/client';
import { hashPassword } from '../../server/auth/password';
import { ROLES, seedBase } from './base';

export const DEFAULT_DEMO_PASSWORD = 'plantel2026';

export const DEMO_USERS = [
  { username: 'admin', first_name: 'Administrador', last_name: 'del Sistema', role: null, superuser: true },
  { username: 'control', first_name: 'Carmen', last_name: 'Ruiz Salgado', role: 'control_escolar' },
  { username: 'finanzas', first_name: 'Fernando', last_name: 'Mejía Torres', role: 'finanzas' },
  { username: 'coordinacion', first_name: 'Claudia', last_name: 'Ortega Núñez', role: 'coordinacion' },
  { username: 'docente', first_name: 'Daniel', last_name: 'Herrera Castillo', role: 'teacher' },
  { username: 'alumno', first_name: 'Ana', last_name: 'López Martínez', role: 'student' },
  { username: 'aspirante', first_name: 'Mariana', last_name: 'Gómez Ríos', role: 'remote_aspirant' },
] as const;

/** The demo aspirant signs in at /aspirants with this web code and the demo password. */
export const DEMO_WEB_CODE = 'A202600001';

const PARTIALS = [
  { no: 1, description: 'Parcial 1', partial_type: 'O' },
  { no: 2, description: 'Parcial 2', partial_type: 'O' },
  { no: 3, description: 'Parcial 3', partial_type: 'O' },
  { no: 4, description: 'Parcial 4', partial_type: 'O' },
  { no: 5, description: 'Extra', partial_type: 'X' },
  { no: 6, description: 'TS', partial_type: 'T' },
  { no: 7, description: 'Final', partial_type: 'O' },
] as const;

const d = (text: string) => new Date(`${text}T00:00:00Z`);

async function cicleWithPartials(prisma: PrismaClient, campusId: number, description: string, year: number, half: 1 | 2, active: boolean) {
  const start = half === 1 ? d(`${year}-01-12`) : d(`${year}-08-17`);
  const end = half === 1 ? d(`${year}-06-26`) : d(`${year}-12-18`);
  const cicle = await prisma.cicle.create({
    data: { description, campus_id: campusId, year, cicle_in_year: half, start, end, is_active: active, cicle_type: 'HALF', cicle_name: `${year}-${half}`, partials: 4 },
  });
  const span = (end.getTime() - start.getTime()) / 4;
  await prisma.partial.createMany({
    data: PARTIALS.map((partial) => {
      const from = new Date(start.getTime() + span * Math.min(partial.no - 1, 3));
      const to = new Date(from.getTime() + span - 86_400_000);
      return {
        ...partial,
        cicle_id: cicle.id,
        start: from,
        end: to,
        start_eval: new Date(to.getTime() - 7 * 86_400_000),
        end_eval: to,
        allow_scores: active,
        is_current: active && partial.no === 1,
      };
    }),
  });
  return cicle;
}

export async function seedDemo(prisma: PrismaClient, password: string = DEFAULT_DEMO_PASSWORD): Promise<void> {
  await seedBase(prisma, 'Universidad Plantel');
  if (await prisma.user.findUnique({ where: { username: 'admin' } })) return;

  const north = await prisma.campus.create({ data: { code: 'NTE', name: 'Campus Norte' } });
  const south = await prisma.campus.create({ data: { code: 'SUR', name: 'Campus Sur' } });
  const year = new Date().getFullYear();
  const current = await cicleWithPartials(prisma, north.id, `Agosto-Diciembre ${year}`, year, 2, true);
  await cicleWithPartials(prisma, north.id, `Enero-Junio ${year}`, year, 1, false);
  await cicleWithPartials(prisma, south.id, `Agosto-Diciembre ${year}`, year, 2, true);

  const software = await prisma.career.create({ data: { code: 'ISC', name: 'Ingeniería en Sistemas Computacionales', short: 'ISC', campus_id: north.id, rvoe: 'RVOE-2015-0417', order: 1 } });
  await prisma.career.create({ data: { code: 'LAE', name: 'Licenciatura en Administración de Empresas', short: 'LAE', campus_id: north.id, rvoe: 'RVOE-2012-0133', order: 2 } });
  await prisma.career.create({ data: { code: 'LDE', name: 'Licenciatura en Derecho', short: 'LDE', campus_id: south.id, rvoe: 'RVOE-2010-0098', order: 1 } });

  const shift = await prisma.shift.create({ data: { description: 'Matutino', suffix: 'M' } });
  const plan = await prisma.studyPlan.create({ data: { code: 'ISC-2020', description: 'Plan de estudios ISC 2020', career_id: software.id, year: 2020, min_approve: '6' } });
  const subject = await prisma.subject.create({ data: { code: 'ISC-101', description: 'Cálculo Diferencial', study_plan_id: plan.id, grade: 1, credit: '8', hours: 80, week_hrs: 5, order: 1 } });

  const hash = await hashPassword(password);
  const roles = new Map((await prisma.role.findMany({ where: { short: { in: ROLES.map((r) => r.short) } } })).map((r) => [r.short, r.id]));
  const users = new Map<string, number>();
  for (const demo of DEMO_USERS) {
    const user = await prisma.user.create({
      data: {
        username: demo.username,
        first_name: demo.first_name,
        last_name: demo.last_name,
        email: `${demo.username}@plantel.example`,
        password: hash,
        is_superuser: 'superuser' in demo && demo.superuser,
        is_staff: !['alumno', 'aspirante'].includes(demo.username),
        roles: demo.role ? { create: [{ role_id: roles.get(demo.role)! }] } : undefined,
      },
    });
    users.set(demo.username, user.id);
  }

  const teacher = await prisma.teacher.create({
    data: { code: 'DOC-001', names: 'Daniel', first_name: 'Herrera', second_name: 'Castillo', email: 'docente@plantel.example', user_id: users.get('docente') },
  });
  const group = await prisma.group.create({
    data: { code: 'ISC-1A', grade: 1, group: 'A', shift_id: shift.id, cicle_id: current.id, career_id: software.id, study_plan_id: plan.id, capacity: 40, tutor_id: teacher.id },
  });
  await prisma.schedule.create({ data: { group_id: group.id, teacher_id: teacher.id, subject_id: subject.id, hours: 80 } });
  const student = await prisma.student.create({
    data: {
      no_control: `${year}0001`,
      names: 'Ana',
      first_name: 'López',
      second_name: 'Martínez',
      curp: 'LOMA050312MJCPRNA4',
      email: 'alumno@plantel.example',
      career_id: software.id,
      cicle_id: current.id,
      cicle_start_id: current.id,
      current_group_id: group.id,
      user_id: users.get('alumno'),
    },
  });
  await prisma.studentGroup.create({ data: { student_id: student.id, group_id: group.id, is_current: true } });
  await prisma.aspirant.create({
    data: {
      web_code: DEMO_WEB_CODE,
      web_pass: hash,
      names: 'Mariana',
      first_name: 'Gómez',
      second_name: 'Ríos',
      email: 'aspirante@plantel.example',
      campus_id: north.id,
      career_id: software.id,
      cicle_id: current.id,
      user_id: users.get('aspirante'),
    },
  });
}

/** Production: no demo users; the superuser `admin` gets ADMIN_PASSWORD. */
export async function seedProduction(prisma: PrismaClient, adminPassword: string): Promise<void> {
  await seedBase(prisma);
  if (await prisma.user.findUnique({ where: { username: 'admin' } })) return;
  await prisma.user.create({
    data: { username: 'admin', first_name: 'Administrador', last_name: '', password: await hashPassword(adminPassword), is_superuser: true, is_staff: true },
  });
}
