// The student records: personal data with CURP and RFC built from it, address, medical sheet,
// parents, sign-in account, documents handed in, staff comments, oath-taking and titles of the
// graduates.
import { type Day, dayOf, iso, mondayOnOrAfter, parts } from '../calendar';
import type { Context } from '../context';
import { STATES } from '../data/geo';
import { OCCUPATIONS, PARENT_OCCUPATION_WEIGHTS } from '../data/people';
import { WeightedPicker } from '../prng';
import type { Academics, StudentModel } from './academic';
import type { Accounts } from './accounts';
import { medicalSheet } from './medical';
import type { Reference } from './reference';

const TITLE_STATUSES: [string, number][] = [['ACCEPTED', 40], ['SENT', 14], ['SIGNED', 14], ['DRAFT', 20], ['REJECTED', 8], ['CANCELLED', 4]];
const MODALITIES: [string, number][] = [['1', 35], ['2', 30], ['5', 20], ['4', 10], ['6', 5]];

export function buildStudentRecords(ctx: Context, reference: Reference, academics: Academics, accounts: Accounts): void {
  const t = ctx.tables;
  const rng = ctx.rng.fork('students');
  const today = ctx.today;
  const studentRole = ctx.role('student');
  const parentOccupations = new WeightedPicker(OCCUPATIONS.map((name, index) => [name, PARENT_OCCUPATION_WEIGHTS[index] ?? 1] as const));
  const titleStatuses = new WeightedPicker(TITLE_STATUSES);
  const modalities = new WeightedPicker(MODALITIES);
  const father = ctx.catalog(4, 'PAD');
  const mother = ctx.catalog(4, 'MAD');
  const tutor = ctx.catalog(4, 'TUT');
  const schoolsByState = new Map<number, number[]>();
  for (const school of reference.schools) schoolsByState.set(school.stateIndex, [...(schoolsByState.get(school.stateIndex) ?? []), school.id]);
  const schoolNames = new Map(reference.schools.map((school) => [school.id, school] as const));
  const jalisco = STATES.findIndex((state) => state.code === '14');

  // Which graduates took the oath and got a title is decided first: the student's status shows it.
  type Graduation = { ceremony: Day; hasTitle: boolean; status: string | null; modality: string };
  const graduations = new Map<StudentModel, Graduation>();
  for (const student of academics.students) {
    if (student.outcome !== 'graduated') continue;
    const last = [...student.history].reverse().find((group) => group !== null);
    if (!last) continue;
    const ceremony = mondayOnOrAfter(last.cicle.end + 35) + 4;
    if (ceremony > today || student.pending.length > 0 || !rng.chance(0.85)) continue;
    const hasTitle = !student.person.foreign && rng.chance(0.6);
    const status = hasTitle ? titleStatuses.pick(rng) : null;
    student.titleStatus = status;
    graduations.set(student, { ceremony, hasTitle, status, modality: modalities.pick(rng) });
  }

  // Student rows, with what hangs from each.
  const sorted = [...academics.students].sort((a, b) => a.id - b.id);
  for (const student of sorted) {
    const person = student.person;
    const campus = student.career.campus;
    const city = ctx.homeCity(rng, person.stateIndex);
    student.homeLada = city.lada;
    const addressId = ctx.address(rng, { city, source: 'student', parentId: student.id });
    const mexican = !person.foreign;
    student.curp = mexican || rng.chance(0.6) ? ctx.curp(person) : null;
    if (!student.isDemo) student.email = ctx.email(rng, person);
    const ageNow = ctx.ageAt(person);
    const working = ageNow >= 21 && rng.chance(0.3);
    const occupation = working ? rng.pick(['Empleado(a)', 'Empleado(a)', 'Vendedor(a)', 'Técnico(a)', 'Trabajador(a) independiente']) : 'Estudiante';
    const stateSchools = schoolsByState.get(person.stateIndex) ?? [];
    const schoolId = stateSchools.length > 0 && rng.chance(0.85) ? rng.pick(stateSchools) : rng.chance(0.9) ? rng.pick(reference.schools).id : null;
    student.schoolId = schoolId;

    // Parents. The mother's surname is the student's second one and the father's the first.
    const familyIds: { id: number; type: number; name: string; phone: string }[] = [];
    const born = parts(person.birthday).year;
    const parent = (sex: 'H' | 'M', first: string) => {
      const relative = ctx.person(rng, { sex, born: [born - 40, born - 22], older: true, first, second: undefined });
      const id = t.families.reserve();
      const ownAddress = rng.chance(0.25) ? ctx.address(rng, { source: 'family', parentId: id }) : null;
      const company = rng.chance(0.4) ? rng.pick(reference.companies).id : null;
      t.families.add(
        {
          title: sex === 'H' ? 'Sr.' : 'Sra.',
          names: relative.names,
          first_name: relative.first,
          second_name: relative.second,
          email: rng.chance(0.6) ? ctx.email(rng, relative) : null,
          genre: sex,
          company_id: company,
          occupation_id: ctx.occupationIds.get(parentOccupations.pick(rng)) ?? null,
          address_id: ownAddress,
        },
        null,
        id,
      );
      return { id, name: `${relative.names} ${relative.first} ${relative.second ?? ''}`.trim(), phone: ctx.phone(rng, city.lada) };
    };
    if (rng.chance(0.9) && person.second) familyIds.push({ ...parent('M', person.second), type: mother });
    if (rng.chance(0.72)) familyIds.push({ ...parent('H', person.first), type: father });
    if (familyIds.length === 0) familyIds.push({ ...parent(rng.chance(0.6) ? 'M' : 'H', rng.pick(['García', 'Hernández', 'López', person.first])), type: tutor });
    for (const family of familyIds) t.student_families.add({ student_id: student.id, family_id: family.id, parent_type_id: family.type, notes: family.type === tutor ? 'Tutor legal' : null });
    const contact = familyIds[0];
    const sheetId = student.isDemo || rng.chance(0.75) ? medicalSheet(ctx, rng, { name: contact.name, phone: contact.phone, parent: contact.type === mother ? 'Madre' : contact.type === father ? 'Padre' : 'Tutor(a)' }, ageNow >= 18) : null;

    // Account.
    const active = student.outcome === 'active' && student.droppedIn !== 2;
    const current = active ? student.history[2] : null;
    const entry = mondayOnOrAfter(dayOf(student.entryYear, 8, 14));
    const userId = student.isDemo
      ? (accounts.byUsername.get('alumno') ?? 0)
      : t.users.add(
          {
            username: student.noControl,
            first_name: person.names,
            last_name: [person.first, person.second].filter(Boolean).join(' '),
            password: ctx.passwordHash,
            is_superuser: false,
            last_login: active && rng.chance(0.6) ? ctx.stampAt(today - rng.int(0, 30), rng.int(7 * 60, 23 * 60)) : null,
            email: student.email,
            is_staff: false,
            is_active: student.outcome !== 'dropped',
            date_joined: ctx.stampAt(entry - rng.int(1, 10), 10 * 60),
            current_group_id: current?.id ?? null,
          },
          ctx.stampAt(entry - 10, 10 * 60),
        );
    if (student.isDemo) t.users.set(userId - 1, 'current_group_id', current?.id ?? null);
    else t.user_roles.add({ user_id: userId, role_id: studentRole });
    student.userId = userId;

    let status: string;
    if (student.outcome === 'active') status = student.irregular ? 'IRR' : 'REG';
    else if (student.outcome === 'graduated') status = student.titleStatus === 'ACCEPTED' ? 'TIT' : 'EGR';
    else status = student.titleStatus === 'BT' ? 'BT' : 'BD';
    if (student.droppedIn === 2) status = 'BT';
    const entryIndex = 2 - 2 * student.cohort;
    const lastGroup = [...student.history].reverse().find((group) => group !== null) ?? null;
    t.students.add(
      {
        serial_number: String(student.serial),
        no_control: student.noControl,
        names: person.names,
        first_name: person.first,
        second_name: person.second,
        genre: person.sex,
        curp: student.curp,
        rfc: ageNow >= 18 && (working || rng.chance(0.25)) && mexican ? ctx.rfc(person) : null,
        birthday: iso(person.birthday),
        email: student.email,
        telephone: ctx.phone(rng, city.lada.length === 2 ? city.lada : '33'),
        current_group_id: current?.id ?? null,
        status_id: ctx.catalog(3, status),
        civil_state_id: ctx.catalog(6, ageNow > 24 && rng.chance(0.2) ? rng.pick(['C', 'U']) : 'S'),
        career_id: student.career.id,
        cicle_start_id: entryIndex >= 0 ? campus.cicles[entryIndex].id : null,
        cicle_id: active ? campus.cicles[2].id : (lastGroup?.cicle.id ?? null),
        address_id: addressId,
        medical_sheet_id: sheetId,
        occupation_id: ctx.occupationIds.get(occupation) ?? null,
        is_active: active,
        live_with_parents: ageNow < 23 ? rng.chance(0.9) : rng.chance(0.5),
        nation_id: person.nationId,
        place_birth_id: person.placeBirthId,
        age: ageNow,
        reentry: student.reentry,
        is_foreign: person.foreign,
        is_revalid: student.revalid,
        only_course: false,
        is_regular: !student.irregular,
        user_id: userId,
        academic_origin_id: schoolId,
        score_origin: schoolId ? (Math.min(10, Math.max(7, rng.normal(8.4, 0.6)))).toFixed(2) : null,
      },
      ctx.stampAt(entry - rng.int(5, 30), 10 * 60),
      student.id,
    );

    // Documents handed in: mandatory ones mostly, the rest now and then.
    const docs = reference.documentTypes;
    for (const [code, doc] of docs) {
      const applies = doc.category === 'students' || (doc.category === 'revalid' && student.revalid);
      if (!applies) continue;
      if (doc.scope === 'M' && person.foreign) continue;
      if (doc.scope === 'F' && !person.foreign) continue;
      if (doc.careerCategory !== 'GENERAL' && doc.careerCategory !== student.career.data.category) continue;
      if (!rng.chance(doc.mandatory ? (student.isDemo ? 0.6 : 0.93) : 0.45)) continue;
      const lent = rng.chance(0.01);
      t.student_documents.add(
        {
          student_id: student.id,
          aspirant_id: null,
          doc_type_id: doc.id,
          document: `students/${student.noControl}/${code.toLowerCase()}.pdf`,
          notes: lent ? 'Original prestado al alumno para trámite.' : null,
          // Originals stay in the school's file, except the few lent back to the student for a
          // procedure (without drawing from the random stream: the rest of the data stays as it was).
          archived: !lent && (student.outcome === 'graduated' || (student.id + doc.id) % 10 !== 0),
          date_limit: lent ? iso(today + rng.int(3, 15)) : null,
          lent_at: lent ? iso(today - 1 - ((student.id + doc.id) % 20)) : null,
          review_status: 'ACCEPTED',
          review_notes: null,
        },
        ctx.stampAt(entry - rng.int(0, 20), ctx.officeMinute(rng)),
      );
    }
    if (rng.chance(0.04)) {
      const comments = ['Entregó certificado de bachillerato original.', 'Solicita constancia de estudios para el IMSS.', 'La madre pidió informes de calificaciones.', 'Se le recordó entregar acta de nacimiento.', 'Presentó justificante médico de sus faltas.', 'Pidió información sobre becas.'];
      const at = Math.max(entry, today - rng.int(1, 200));
      t.student_comments.add({ comment: rng.pick(comments), item_id: student.id, category: 'student', user_id: academics.controlOf(campus.index), contact_channel: null }, ctx.stampAt(at, ctx.officeMinute(rng)));
    }
  }
  // Oath-taking and electronic titles of the graduates.
  let folio = 0;
  for (const [student, graduation] of graduations) {
    const last = [...student.history].reverse().find((group) => group !== null);
    if (!last) continue;
    const cicle = last.cicle;
    const { ceremony, hasTitle, modality } = graduation;
    const averages = [...student.periodAverages.values()];
    const average = averages.length > 0 ? averages.reduce((sum, value) => sum + value, 0) / averages.length / 100 : student.ability;
    const credits = student.career.subjectsByGrade.flat().reduce((sum, subject) => sum + subject.credit, 0);
    const swearId = t.swear_careers.add(
      {
        student_id: student.id,
        career_id: student.career.id,
        cicle_id: cicle.id,
        user_id: academics.controlOf(student.career.campus.index),
        score: average.toFixed(2),
        credits: `${credits}.00`,
        pending: 0,
        is_swear: true,
        date_apply: iso(ceremony),
        has_title: hasTitle,
        notes: null,
      },
      ctx.stampAt(ceremony - 10, 10 * 60),
    );
    if (!hasTitle) continue;
    folio += 1;
    const status = graduation.status ?? 'DRAFT';
    const expedition = Math.min(today - 1, ceremony + rng.int(20, 80));
    const entry = mondayOnOrAfter(dayOf(student.entryYear, 8, 14));
    const school = student.schoolId ? schoolNames.get(student.schoolId) : undefined;
    const schoolState = school ? STATES[school.stateIndex] : STATES[jalisco];
    // SEP's title text is upper case and keeps its accents.
    const upper = (text: string | null) => (text ? text.toLocaleUpperCase('es-MX') : null);
    const titleId = t.electronic_titles.reserve();
    const curp = student.curp;
    const xml =
      status === 'DRAFT'
        ? null
        : `<?xml version="1.0" encoding="UTF-8"?><TituloElectronico xmlns="https://www.siged.sep.gob.mx/titulos/" version="1.0" folioControl="PLT${ctx.year}${String(folio).padStart(5, '0')}"><Institucion cveInstitucion="141234" nombreInstitucion="UNIVERSIDAD PLANTEL"/><Carrera cveCarrera="${student.career.sepCve}" nombreCarrera="${upper(student.career.data.name)}" idAutorizacionReconocimiento="2" autorizacionReconocimiento="RVOE ESTATAL" numeroRvoe="${student.career.data.rvoe}"/><Profesionista curp="${curp ?? ''}" nombre="${upper(student.person.names)}" primerApellido="${upper(student.person.first)}" segundoApellido="${upper(student.person.second) ?? ''}" correoElectronico="${student.email}"/></TituloElectronico>`;
    const posted = ['SENT', 'ACCEPTED', 'REJECTED', 'CANCELLED'].includes(status);
    t.electronic_titles.add(
      {
        folio_control: `PLT${ctx.year}${String(folio).padStart(5, '0')}`,
        swear_id: swearId,
        user_id: academics.controlOf(student.career.campus.index),
        no_control: student.noControl,
        institution: '141234',
        institution_name: 'UNIVERSIDAD PLANTEL',
        authorization_id: ctx.catalog(9, '2'),
        career_id: student.career.id,
        career_cve: student.career.sepCve,
        career_name: upper(student.career.data.name),
        career_start: iso(entry),
        career_end: iso(cicle.end),
        rvoe: student.career.data.rvoe,
        curp,
        names: upper(student.person.names),
        first_name: upper(student.person.first),
        second_name: upper(student.person.second),
        email: student.email,
        exp_date: iso(expedition),
        modality_id: ctx.catalog(666, `MOD-${modality}`),
        test_date: modality === '2' ? null : iso(ceremony - rng.int(7, 25)),
        exemption_date: modality === '2' ? iso(ceremony) : null,
        social_service: true,
        legal_basis_id: ctx.catalog(666, 'FUN-1'),
        entity_id: ctx.catalog(666, 'ENT-14'),
        antecedent_institution: school ? upper(school.name) : 'ESCUELA PREPARATORIA',
        antecedent_type_id: ctx.catalog(666, 'ANT-4'),
        antecedent_entity_id: ctx.catalog(666, `ENT-${schoolState.code}`),
        antecedent_start: iso(dayOf(student.entryYear - 3, 8, 20)),
        antecedent_end: iso(dayOf(student.entryYear, 6, 28)),
        antecedent_cedula: null,
        xml,
        batch_no: posted ? rng.digits(7) : null,
        is_posted: posted,
        notes: status === 'REJECTED' ? 'SEP rechazó el lote: revisar CURP del profesionista.' : null,
        status,
        is_active: status !== 'CANCELLED',
      },
      ctx.stampAt(expedition - 5, 10 * 60),
      titleId,
    );
    const steps = ['DRAFT', 'SIGNED', 'SENT', status === 'REJECTED' ? 'REJECTED' : 'ACCEPTED', 'CANCELLED'];
    const upTo = status === 'CANCELLED' ? 4 : steps.indexOf(status);
    const messages: Record<string, string> = {
      DRAFT: 'Título capturado.',
      SIGNED: 'Firmado por los responsables.',
      SENT: 'Enviado a la SEP.',
      ACCEPTED: 'Título registrado por la SEP.',
      REJECTED: 'La SEP rechazó el título: CURP no válida en RENAPO.',
      CANCELLED: 'Título cancelado a solicitud de la institución.',
    };
    for (let step = 0; step <= upTo; step += 1) {
      const name = steps[step];
      const at = Math.min(today, expedition - 5 + step * rng.int(1, 6));
      t.title_logs.add({ title_id: titleId, user_id: academics.controlOf(student.career.campus.index), item_no: step >= 2 ? String(rng.int(1, 40)) : null, status: name, message: messages[name] }, ctx.stampAt(at, ctx.officeMinute(rng)));
    }
  }

}
