// Demo data for `npm start` on the embedded database: the generated data set (prisma/seed/generator)
// around one user of each kind, all sharing the documented demo password.
import type { PrismaClient } from '../../server/db/generated/client';
import { hashPassword } from '../../server/auth/password';
import { seedBase } from './base';
import { sealDemoInvoices, seedSchoolCsd } from './credentials/school';
import { seedSignerCredentials } from './credentials/signers';
import { type DemoData, type SeedReport, type Size, seedGenerated } from './generator';

import { DEFAULT_DEMO_PASSWORD } from './demo-password';

export { DEFAULT_DEMO_PASSWORD };

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

/**
 * The fixed demo people: the teacher DOC-001 (docente) teaches in group ISC-1A of the active
 * period of Campus Norte, where the student Ana López Martínez (alumno) is enrolled; the aspirant
 * (aspirante) is pre-registered with DEMO_WEB_CODE.
 */
const DEMO_DATA: DemoData = {
  users: DEMO_USERS,
  webCode: DEMO_WEB_CODE,
  student: { names: 'Ana', first: 'López', second: 'Martínez', email: 'alumno@plantel.example', username: 'alumno' },
  aspirant: { names: 'Mariana', first: 'Gómez', second: 'Ríos', email: 'aspirante@plantel.example' },
};

export type SeedDemoOptions = {
  /** demo (default): a few hundred students; large: 3 campuses, 20,000 students */
  size?: Size;
  /** shrinks the huge size evenly (0 to 1), to try it small */
  scaleFactor?: number;
  /** load through a pg connection of its own (faster); without it the Prisma client is used */
  connectionString?: string;
  /** the day the data is as of (tests pin it); defaults to today */
  today?: Date;
  log?: (line: string) => void;
};

/** Loads the demo data set into an empty database; does nothing when the users exist already. */
export async function seedDemo(prisma: PrismaClient, password: string = DEFAULT_DEMO_PASSWORD, options: SeedDemoOptions = {}): Promise<SeedReport | null> {
  await seedBase(prisma, 'Universidad Plantel');
  if (await prisma.user.findUnique({ where: { username: 'admin' } })) return null;
  const report = await seedGenerated(prisma, {
    size: options.size ?? 'demo',
    scaleFactor: options.scaleFactor,
    passwordHash: await hashPassword(password),
    demo: DEMO_DATA,
    connectionString: options.connectionString,
    today: options.today,
    log: options.log,
  });
  // SEP's key of the demo school, the cveInstitucion its generated titles carry.
  await prisma.setting.updateMany({ data: { sep_institution_key: '141234' } });
  // The school's CSD, and real sealed and stamped XML for the generated invoices.
  await seedSchoolCsd(prisma);
  await sealDemoInvoices(prisma);
  await seedSignerCredentials(prisma, options.log);
  // SEP's keys of the certificate of studies (campus, state, signing service, place of issue) and
  // its responsable: the first title signer with an e.firma, so a fresh demo issues at once.
  const signer = await prisma.titleResponsable.findFirst({ where: { status: true, certificate: { not: null }, charge_id: { not: null } }, orderBy: { id: 'asc' }, select: { id: true } });
  await prisma.setting.updateMany({ data: { sep_campus_key: '140101', sep_state_id: '14', sep_signer_entity: '141234', sep_issue_place: '14', certificate_signer_id: signer?.id ?? null } });
  // A constancia asked for from the portal is charged with the price lists' «Constancia de estudios».
  await prisma.issuedDocumentType.updateMany({ where: { code: 'CONSTANCIA', concept_code: null }, data: { concept_code: 'CONST' } });
  return report;
}

/** Production: no demo users; the superuser `admin` gets ADMIN_PASSWORD. */
export async function seedProduction(prisma: PrismaClient, adminPassword: string): Promise<void> {
  await seedBase(prisma);
  if (await prisma.user.findUnique({ where: { username: 'admin' } })) return;
  await prisma.user.create({
    data: { username: 'admin', first_name: 'Administrador', last_name: '', password: await hashPassword(adminPassword), is_superuser: true, is_staff: true },
  });
}
