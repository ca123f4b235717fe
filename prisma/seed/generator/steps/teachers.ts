// Teachers with their sign-in account, careers, bank account (CLABE with its check digit),
// studies, experience and medical sheet; staff and teacher profiles; the officials who sign
// electronic titles.
import { buildClabe, buildCurp } from '../../../../lib/mx';
import { dayOf, iso, parts } from '../calendar';
import type { Context, Person } from '../context';
import { BANKS } from '../data/people';
import { WeightedPicker } from '../prng';
import type { Accounts } from './accounts';
import type { CareerModel, Institution } from './institution';
import { medicalSheet } from './medical';
import type { Reference } from './reference';

export type TeacherModel = {
  id: number;
  code: string;
  userId: number;
  campusIndex: number;
  careerIds: number[];
  person: Person;
  email: string;
  active: boolean;
  hired: number;
  /** a teacher limited to the groups the seed gives them (the demo "docente") */
  reserved: boolean;
  hourCost: number;
};

export type Faculty = { teachers: TeacherModel[]; byCampus: TeacherModel[][]; demoTeacher: TeacherModel; responsables: number[] };

const UNIVERSITIES = ['Universidad de Guadalajara', 'ITESO', 'Universidad Autónoma de Guadalajara', 'UNIVA', 'Universidad Panamericana', 'Tecnológico de Monterrey', 'Instituto Tecnológico de Guadalajara', 'UNAM', 'Instituto Politécnico Nacional', 'Universidad Autónoma de Nayarit', 'Universidad de Colima', 'Universidad Michoacana de San Nicolás de Hidalgo'];
const DEGREES: Record<string, [string, string, string]> = {
  ING: ['Ingeniería en Computación', 'Maestría en Ciencias de la Ingeniería', 'Doctorado en Ciencias'],
  CEA: ['Licenciatura en Administración', 'Maestría en Administración de Negocios', 'Doctorado en Ciencias Económico Administrativas'],
  CSH: ['Licenciatura en Derecho', 'Maestría en Educación', 'Doctorado en Ciencias Sociales'],
  CS: ['Licenciatura en Psicología', 'Maestría en Ciencias de la Salud', 'Doctorado en Ciencias de la Salud Pública'],
  AAD: ['Licenciatura en Arquitectura', 'Maestría en Diseño', 'Doctorado en Ciudad, Territorio y Sustentabilidad'],
};

function luhn(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return String((10 - (sum % 10)) % 10);
}

export function buildFaculty(ctx: Context, reference: Reference, institution: Institution, accounts: Accounts): Faculty {
  const t = ctx.tables;
  const rng = ctx.rng.fork('teachers');
  const levels = new WeightedPicker<string>([['LIC', 30], ['ESP', 6], ['MAE', 49], ['DOC', 15]]);
  const civil = new WeightedPicker<string>([['S', 30], ['C', 55], ['U', 8], ['D', 6], ['V', 1]]);
  const banks = new WeightedPicker(BANKS.map((bank) => [bank, bank.weight] as const));
  const teacherRole = ctx.role('teacher');
  const docTypes = reference.documentTypes;
  const teachers: TeacherModel[] = [];
  const byCampus: TeacherModel[][] = institution.campuses.map(() => []);
  const total = ctx.config.teachers;
  const careerCount = institution.careers.length;

  for (let n = 0; n < total; n += 1) {
    const isDemo = n === 0;
    // Teachers spread over campuses in proportion to their careers; primary careers round-robin.
    const primary: CareerModel = institution.careers[n % careerCount];
    const campus = primary.campus;
    const person: Person = isDemo
      ? { names: 'Daniel', first: 'Herrera', second: 'Castillo', sex: 'H', birthday: dayOf(ctx.year - 38, 4, 23), stateIndex: 13, placeBirthId: ctx.stateIds[13], nationId: ctx.countryIds.get('MEX') ?? 1, foreign: false }
      : ctx.person(rng, { born: [ctx.year - 66, ctx.year - 27], femaleShare: primary.femaleShare, older: true, foreignShare: 0.02 });
    const code = `DOC-${String(n + 1).padStart(3, '0')}`;
    const level = isDemo ? 'MAE' : levels.pick(rng);
    const hired = isDemo ? ctx.today - 110 : dayOf(ctx.year - rng.int(1, 18), 8, 1) + rng.int(0, 20);
    const active = isDemo || !rng.chance(0.03);
    const email = isDemo ? 'docente@plantel.example' : ctx.email(rng, person, 'docentes.plantel.example');
    const userId = isDemo
      ? (accounts.byUsername.get('docente') ?? 0)
      : t.users.add(
          {
            username: code.toLowerCase(),
            first_name: person.names,
            last_name: [person.first, person.second].filter(Boolean).join(' '),
            password: ctx.passwordHash,
            is_superuser: false,
            last_login: active && rng.chance(0.8) ? ctx.stampAt(ctx.today - rng.int(0, 20), ctx.officeMinute(rng)) : null,
            email,
            is_staff: false,
            is_active: active,
            date_joined: ctx.stampAt(hired, 10 * 60),
            current_group_id: null,
          },
          ctx.stampAt(hired, 10 * 60),
        );
    if (!isDemo) t.user_roles.add({ user_id: userId, role_id: teacherRole });

    const id = t.teachers.reserve();
    const city = ctx.homeCity(rng, person.stateIndex);
    const addressId = ctx.address(rng, { city, source: 'teacher', parentId: id });
    const contact = ctx.person(rng, { born: [ctx.year - 70, ctx.year - 25], older: true, first: person.first });
    const sheetId = rng.chance(0.6) || isDemo ? medicalSheet(ctx, rng, { name: `${contact.names} ${contact.first} ${contact.second ?? ''}`.trim(), phone: ctx.phone(rng), parent: rng.pick(['Esposa', 'Esposo', 'Madre', 'Hermano(a)', 'Hijo(a)']) }, true) : null;
    const campusCareers = campus.careers.filter((career) => career.data.department === primary.data.department && career !== primary);
    const careerIds = [primary.id];
    if (!isDemo && campusCareers.length > 0 && rng.chance(0.5)) careerIds.push(rng.pick(campusCareers).id);
    const others = campus.careers.filter((career) => !careerIds.includes(career.id));
    if (!isDemo && others.length > 0 && rng.chance(0.15)) careerIds.push(rng.pick(others).id);
    const costs: Record<string, [number, number]> = { LIC: [180, 230], ESP: [220, 260], MAE: [250, 320], DOC: [330, 420] };
    const hourCost = rng.int(costs[level][0], costs[level][1]);
    t.teachers.add(
      {
        names: person.names,
        first_name: person.first,
        second_name: person.second,
        genre: person.sex,
        curp: ctx.curp(person),
        rfc: ctx.rfc(person),
        birthday: iso(person.birthday),
        email,
        telephone: ctx.phone(rng, city.lada),
        imss: rng.chance(0.85) ? nss(rng, person.birthday, hired) : null,
        place_birth_id: person.placeBirthId,
        academic_level_id: ctx.catalog(5, level),
        user_id: userId,
        civil_state_id: ctx.catalog(6, civil.pick(rng)),
        code,
        age: ctx.ageAt(person),
        address_id: addressId,
        permit_no: person.foreign ? `INM-${rng.digits(9)}` : null,
        is_foreign: person.foreign,
        nue: rng.chance(0.1) ? rng.digits(7) : null,
        medical_sheet_id: sheetId,
        nation_id: person.nationId,
        status: active,
        // Hired by the hour for 15 or 20 a week, a few full time (40); chosen from the id so the
        // random stream, and with it the rest of the data, stays as it was.
        contract_hours: [20, 15, 20, 40, 20][id % 5],
      },
      ctx.stampAt(hired, 11 * 60),
      id,
    );
    careerIds.forEach((careerId, index) => {
      t.teacher_careers.add({ teacher_id: id, career_id: careerId, is_coordinator: false, notes: index === 0 ? null : 'Imparte materias de tronco común' });
    });

    if (isDemo || rng.chance(0.92)) {
      const bank = banks.pick(rng);
      const account = rng.digits(10);
      const card = bank.bin + rng.digits(9);
      t.teacher_accounts.add({ teacher_id: id, bank_name: bank.name, account_no: account, clabe: buildClabe(bank.code, '320', account), card_no: card + luhn(card), cost_by_hour: `${hourCost}.00` });
    }
    const degrees = DEGREES[primary.data.department];
    const university = () => rng.pick(UNIVERSITIES);
    const bornYear = parts(person.birthday).year;
    const licEnd = bornYear + 23 + rng.int(0, 2);
    t.teacher_studies.add({ teacher_id: id, study: degrees[0], institution: university(), period: `${licEnd - 4} - ${licEnd}`, document_url: `teachers/${code.toLowerCase()}/titulo-licenciatura.pdf` });
    if (level === 'ESP') t.teacher_studies.add({ teacher_id: id, study: `Especialidad en ${primary.data.short}`, institution: university(), period: `${licEnd + 2} - ${licEnd + 3}`, document_url: null });
    if (level === 'MAE' || level === 'DOC') t.teacher_studies.add({ teacher_id: id, study: degrees[1], institution: university(), period: `${licEnd + 2} - ${licEnd + 4}`, document_url: `teachers/${code.toLowerCase()}/titulo-maestria.pdf` });
    if (level === 'DOC') t.teacher_studies.add({ teacher_id: id, study: degrees[2], institution: university(), period: `${licEnd + 6} - ${licEnd + 10}`, document_url: `teachers/${code.toLowerCase()}/titulo-doctorado.pdf` });
    const jobs = rng.int(1, 3);
    let from = licEnd;
    for (let j = 0; j < jobs && from < ctx.year - 1; j += 1) {
      const to = Math.min(ctx.year - 1, from + rng.int(2, 7));
      const company = rng.chance(0.6) ? rng.pick(reference.companies).name : rng.pick(['Gobierno del Estado de Jalisco', 'Ayuntamiento de Guadalajara', 'IMSS', 'Secretaría de Educación Jalisco', 'Despacho independiente']);
      t.teacher_experiences.add({ teacher_id: id, company, period: `${from} - ${to}`, description: rng.pick(['Coordinador de proyectos', 'Analista', 'Docente de asignatura', 'Gerente de área', 'Consultor', 'Jefe de departamento']), document_url: rng.chance(0.5) ? `teachers/${code.toLowerCase()}/constancia-laboral-${j + 1}.pdf` : null });
      from = to;
    }
    for (const docCode of ['DOC-TIT', 'DOC-CED', 'DOC-CV', 'DOC-INE', 'DOC-CSF', 'DOC-PER']) {
      const doc = docTypes.get(docCode);
      if (!doc) continue;
      if (doc.scope === 'F' && !person.foreign) continue;
      if (doc.scope === 'M' && person.foreign) continue;
      if (!isDemo && rng.chance(0.08)) continue;
      t.teacher_documents.add({ teacher_id: id, doc_type_id: doc.id, document: `teachers/${code.toLowerCase()}/${docCode.toLowerCase()}.pdf`, notes: null, archived: false, date_limit: null });
    }
    const model: TeacherModel = { id, code, userId, campusIndex: campus.index, careerIds, person, email, active, hired, reserved: isDemo, hourCost };
    teachers.push(model);
    byCampus[campus.index].push(model);
  }
  // One coordinator per career: a senior active teacher of it.
  for (const career of institution.careers) {
    const candidate = teachers.find((teacher) => !teacher.reserved && teacher.active && teacher.careerIds[0] === career.id);
    if (!candidate) continue;
    const teacherCareers = t.teacher_careers;
    const ids = teacherCareers.column('teacher_id');
    const careers = teacherCareers.column('career_id');
    for (let i = 0; i < teacherCareers.length; i += 1) if (ids[i] === candidate.id && careers[i] === career.id) teacherCareers.set(i, 'is_coordinator', true);
  }

  // Profiles: staff keep their campus and the active period; teachers theirs.
  for (const member of accounts.staff) {
    const campus = member.campusIndex === null ? institution.campuses[0] : institution.campuses[member.campusIndex];
    const cicle = campus?.cicles.find((c) => c.active);
    t.profiles.add({ user_id: member.userId, campus_id: campus?.id ?? null, cicle_id: cicle?.id ?? null, telephone: ctx.phone(rng), position: member.position, notes: null });
    if (member.careersOf === 'campus' && campus) for (const career of campus.careers) t.user_careers.add({ user_id: member.userId, career_id: career.id });
  }
  for (const teacher of teachers) {
    const campus = institution.campuses[teacher.campusIndex];
    t.profiles.add({ user_id: teacher.userId, campus_id: campus.id, cicle_id: campus.cicles.find((c) => c.active)?.id ?? null, telephone: null, position: 'Docente', notes: null });
  }

  // Officials who sign titles with their e.firma. Certificates and keys are uploaded by the school
  // (stored encrypted), so the seed leaves them empty.
  const responsables: number[] = [];
  const signers = TITLE_SIGNERS;
  for (const signer of signers) {
    const curp = buildCurp({ names: signer.names, firstSurname: signer.first, secondSurname: signer.second, birthday: signer.born, sex: signer.sex, state: signer.state });
    responsables.push(
      t.title_responsables.add({
        names: signer.names,
        first_name: signer.first,
        second_name: signer.second,
        curp,
        abr_title: signer.title,
        charge_id: ctx.catalog(10, signer.charge),
        stamp: null,
        certificate: null,
        key: null,
        key_password: null,
        cert_no: null,
        status: signer.active,
      }),
    );
  }

  const demoTeacher = teachers[0];
  return { teachers, byCampus, demoTeacher, responsables };
}

/** Officials who sign the demo's titles (their demo e.firma: scripts/demo-credentials.ts). */
export const TITLE_SIGNERS: { names: string; first: string; second: string; sex: 'H' | 'M'; born: string; state: string; title: string; charge: string; active: boolean }[] = [
  { names: 'Ricardo Alberto', first: 'Villaseñor', second: 'Íñiguez', sex: 'H', born: '1962-09-14', state: 'JC', title: 'DR.', charge: '3', active: true },
  { names: 'Mónica', first: 'Covarrubias', second: 'Aceves', sex: 'M', born: '1975-02-03', state: 'JC', title: 'MTRA.', charge: '5', active: true },
  { names: 'Jorge Eduardo', first: 'Gudiño', second: 'Ramos', sex: 'H', born: '1958-11-27', state: 'MN', title: 'LIC.', charge: '1', active: false },
];

/** IMSS social security number: subdelegation, registration year, birth year, serial, Luhn digit. */
function nss(rng: { int(min: number, max: number): number; digits(n: number): string }, birthday: number, hired: number): string {
  const birthYear = parts(birthday).year % 100;
  const registered = (parts(hired).year - rng.int(0, 8)) % 100;
  const base = `${String(rng.int(1, 99)).padStart(2, '0')}${String(registered).padStart(2, '0')}${String(birthYear).padStart(2, '0')}${rng.digits(4)}`;
  return base + luhn(base);
}
