// The data every Plantel database starts with: the settings row, the roles a school uses and the
// permissions. Idempotent: running it again changes nothing that exists.
import { STAFF_MENU } from '../../lib/menu';
import type { PrismaClient } from '../../server/db/generated/client';

const submenuRoutes = (...keys: string[]) => STAFF_MENU.filter((s) => keys.includes(s.key)).flatMap((s) => s.items.map((i) => i.route));

export const ROLES = [
  { short: 'admin', name: 'Administración', category: 'staff', routes: submenuRoutes(...STAFF_MENU.map((s) => s.key).filter((k) => k !== 'teacher')) },
  { short: 'control_escolar', name: 'Control Escolar', category: 'staff', routes: [...submenuRoutes('academic', 'scholar', 'scores', 'permanence', 'reports'), 'tools-import'] },
  // A cashier's whole job (issue 29): sales, payments, references, tuition months, scholarships, invoices.
  // An existing database gets the same routes from the migration finance_role_cashier_routes.
  { short: 'finanzas', name: 'Finanzas', category: 'staff', routes: [...submenuRoutes('finance', 'scholarships', 'invoices'), 'permanence-recurrent'] },
  { short: 'coordinacion', name: 'Coordinación', category: 'staff', routes: submenuRoutes('academic', 'scores') },
  { short: 'teacher', name: 'Docente', category: 'teacher', routes: submenuRoutes('teacher') },
  { short: 'student', name: 'Alumno', category: 'student', routes: ['portal-data', 'portal-kardex', 'portal-schedule', 'portal-polls', 'portal-documents'] },
  { short: 'remote_aspirant', name: 'Aspirante', category: 'aspirant', routes: [] as string[] },
];

const PERMISSION_RESOURCES: [string, string][] = [
  ['users', 'Usuarios'],
  ['roles', 'Roles'],
  ['permissions', 'Permisos'],
  ['settings', 'Configuración'],
  ['students', 'Alumnos'],
  ['teachers', 'Profesores'],
  ['scores', 'Calificaciones'],
  ['sales', 'Ventas'],
  ['payments', 'Pagos'],
];
const ACTIONS: [string, string][] = [
  ['view', 'Ver'],
  ['add', 'Crear'],
  ['change', 'Modificar'],
  ['delete', 'Eliminar'],
];

export async function seedBase(prisma: PrismaClient, institutionName = 'Universidad Plantel'): Promise<void> {
  if (!(await prisma.setting.findFirst())) {
    await prisma.setting.create({
      data: { institution_name: institutionName, institution_code: 'PLT', base_serial: String(new Date().getFullYear()), min_approve: '6', max_cal: '10', min_cal: '0', precision_cal: 1 },
    });
  }
  for (const role of ROLES) {
    await prisma.role.upsert({ where: { short: role.short }, update: {}, create: role });
  }
  for (const [resource, label] of PERMISSION_RESOURCES) {
    for (const [action, verb] of ACTIONS) {
      const short = `${resource}.${action}`;
      await prisma.permission.upsert({ where: { short }, update: {}, create: { short, name: `${verb} ${label.toLowerCase()}`, category: resource } });
    }
  }
}
