// Admissions and money: aspirants in every status (the new students of this year came through
// them), inscription and reinscription charges, monthly tuition (recurrents) paid alone, in pairs,
// in advance or late with surcharge, other charges, scholarships, and invoices of the students who
// asked for them.
import { buildRfc, normalizeName } from '../../../../lib/mx';
import { type Day, MONTH_NAMES, dayOf, iso, parts, workingDay } from '../calendar';
import type { Context } from '../context';
import { STATES } from '../data/geo';
import { type Cents, divRound, money, percentOf, pesos, withoutTax } from '../money';
import { type Rng, WeightedPicker } from '../prng';
import { type Academics, type StudentModel, fullName } from './academic';
import type { Accounts } from './accounts';
import { type CareerModel, type Institution, type ScholarshipModel, conceptOf } from './institution';
import type { Reference } from './reference';
import type { SaleLine, SalesBook, SaleResult } from './sales';

export type Admissions = { aspirantByStudent: Map<number, number> };

type Ship = { scholarship: ScholarshipModel };

export function buildFinance(ctx: Context, reference: Reference, institution: Institution, academics: Academics, accounts: Accounts, sales: SalesBook, demo: { webCode: string; aspirant: { names: string; first: string; second: string; email: string } }): Admissions {
  const t = ctx.tables;
  const rng = ctx.rng.fork('finance');
  const today = ctx.today;
  const year = ctx.year;
  const howFound = new WeightedPicker<string>([['FB', 24], ['IG', 16], ['TT', 10], ['WEB', 10], ['GOO', 8], ['REC', 18], ['PREP', 8], ['FER', 4], ['ESP', 1], ['RAD', 1]]);
  const methods = new WeightedPicker<string>([['01', 34], ['03', 26], ['28', 20], ['04', 10], ['REF', 10]]);
  const aspirantRole = ctx.role('remote_aspirant');
  const aspirantByStudent = new Map<number, number>();
  const saleByStudentMonth = new Map<string, SaleResult>();
  let webSerial = 1;
  const nextWebCode = () => {
    webSerial += 1;
    return `A${year}${String(webSerial).padStart(5, '0')}`;
  };
  const line = (career: CareerModel, code: string, description?: string, qty = 1, discount: Cents = 0): SaleLine => {
    const concept = conceptOf(career, code);
    return { conceptId: concept.id, description: description ?? concept.description, qty, amount: concept.amount, ivaBasisPoints: Math.round(concept.iva * 10_000), discount };
  };
  const currentCicle = (career: CareerModel) => career.campus.cicles[2];

  // Scholarships of this period, checked against the student's last average.
  const shipPicker = new WeightedPicker(institution.scholarships.map((ship) => [ship, ship.shipType === 'C' ? 2 : ship.name.startsWith('Beca académica de') ? 8 : ship.name.startsWith('Beca académica') ? 30 : ship.shipType === 'I' ? 4 : 10] as const));
  const ships = new Map<number, Ship>();
  for (const student of academics.activeStudents) {
    if (!rng.chance(0.12)) continue;
    const scholarship = shipPicker.pick(rng);
    if (scholarship.careerId !== null && scholarship.careerId !== student.career.id) continue;
    if (scholarship.shipType === 'I' && student.cohort !== 0) continue;
    const last = student.periodAverages.get(1) ?? student.periodAverages.get(0);
    if (scholarship.scoreMin !== null && last !== undefined && last < scholarship.scoreMin * 100) continue;
    const cicle = currentCicle(student.career);
    const approved = !scholarship.approve || rng.chance(0.9);
    const cancelled = rng.chance(0.02);
    t.student_ships.add(
      {
        student_id: student.id,
        scholar_ship_id: scholarship.id,
        cicle_id: cicle.id,
        created_by_id: academics.controlOf(student.career.campus.index),
        notes: scholarship.approve ? 'Expediente revisado por el comité de becas.' : null,
        limit_date: iso(cicle.end),
        is_determinated: rng.chance(0.1),
        finish_at: null,
        finish_by_id: null,
        approve: approved,
        cancel_note: cancelled ? 'El alumno renunció a la beca.' : null,
        status: !cancelled,
      },
      ctx.stampAt(cicle.start - rng.int(5, 30), 11 * 60),
    );
    if (approved && !cancelled) ships.set(student.id, { scholarship });
    // Many renew a scholarship they had in the previous period; that one is finished.
    const previous = student.career.campus.cicles[1];
    if (student.history[1] && rng.chance(0.5)) {
      t.student_ships.add(
        {
          student_id: student.id,
          scholar_ship_id: scholarship.id,
          cicle_id: previous.id,
          created_by_id: academics.controlOf(student.career.campus.index),
          notes: null,
          limit_date: iso(previous.end),
          is_determinated: false,
          finish_at: ctx.stampAt(previous.end, 18 * 60),
          finish_by_id: academics.controlOf(student.career.campus.index),
          approve: true,
          cancel_note: null,
          status: true,
        },
        ctx.stampAt(previous.start - 10, 11 * 60),
      );
    }
  }
  const shipDiscount = (student: StudentModel, type: 'I' | 'R' | 'RR' | 'C', amount: Cents): Cents => {
    const ship = ships.get(student.id);
    if (!ship || ship.scholarship.shipType !== type) return 0;
    return ship.scholarship.baseType === 'P' ? percentOf(amount, ship.scholarship.amount) : Math.min(amount, pesos(ship.scholarship.amount));
  };

  // The demo aspirant comes first (id 1), pre-registered.
  const norte = institution.campuses[0];
  const isc = norte.careers[0];
  {
    const city = ctx.homeCity(rng);
    const id = t.aspirants.reserve();
    const addressId = ctx.address(rng, { city, source: 'aspirant', parentId: id });
    const birthday = dayOf(year - 18, 6, 2);
    t.aspirants.add(
      {
        web_code: demo.webCode,
        web_pass: ctx.passwordHash,
        cicle_id: norte.cicles[2].id,
        names: demo.aspirant.names,
        first_name: demo.aspirant.first,
        second_name: demo.aspirant.second,
        genre: 'M',
        email: demo.aspirant.email,
        telephone: ctx.phone(rng),
        cellphone: ctx.phone(rng),
        nation_id: ctx.countryIds.get('MEX') ?? 1,
        pending: true,
        curp: null,
        birthday: iso(birthday),
        status: 'PRE',
        notes_prev: 'Me interesa la carrera de sistemas; ¿hay turno vespertino?',
        career_id: isc.id,
        campus_id: norte.id,
        shift_id: reference.shifts[0].id,
        civil_state_id: ctx.catalog(6, 'S'),
        how_find_id: ctx.catalog(7, 'IG'),
        occupation_id: ctx.occupationIds.get('Estudiante') ?? null,
        school_origin_id: reference.schools[0]?.id ?? null,
        address_id: addressId,
        notes: null,
        place_birth_id: ctx.stateIds[13],
        origin_state_id: ctx.stateIds[13],
        origin_country_id: ctx.countryIds.get('MEX') ?? 1,
        age: 18,
        live_with_parents: true,
        is_reentry: false,
        is_irregular: false,
        is_foreign: false,
        sale_id: null,
        student_id: null,
        user_id: accounts.byUsername.get('aspirante') ?? null,
        contact_name: 'Laura Ríos Vega',
        contact_telephone: ctx.phone(rng),
        contact_type_id: ctx.catalog(4, 'MAD'),
        is_active: true,
      },
      ctx.stampAt(today - 2, 18 * 60),
      id,
    );
  }

  // Aspirants who became this year's new students (INS), with their inscription charge.
  const asp = (spec: {
    status: 'PRE' | 'REV' | 'PEND' | 'PAY' | 'INS';
    person: StudentModel['person'];
    email: string;
    career: CareerModel;
    shiftId: number;
    studentId: number | null;
    created: Day;
    active: boolean;
    schoolId: number | null;
  }) => {
    const id = t.aspirants.reserve();
    const city = ctx.homeCity(rng, spec.person.stateIndex);
    const addressId = ctx.address(rng, { city, source: 'aspirant', parentId: id });
    const webCode = nextWebCode();
    const withUser = spec.status !== 'INS' && spec.active;
    const userId = withUser
      ? t.users.add(
          {
            username: webCode.toLowerCase(),
            first_name: spec.person.names,
            last_name: [spec.person.first, spec.person.second].filter(Boolean).join(' '),
            password: ctx.passwordHash,
            is_superuser: false,
            last_login: rng.chance(0.7) ? ctx.stampAt(Math.min(today, spec.created + rng.int(0, 10)), rng.int(8 * 60, 23 * 60)) : null,
            email: spec.email,
            is_staff: false,
            is_active: true,
            date_joined: ctx.stampAt(spec.created, 12 * 60),
            current_group_id: null,
          },
          ctx.stampAt(spec.created, 12 * 60),
        )
      : null;
    if (userId) t.user_roles.add({ user_id: userId, role_id: aspirantRole });
    const ageNow = ctx.ageAt(spec.person, spec.created);
    const mother = ctx.person(rng, { sex: 'M', born: [parts(spec.person.birthday).year - 40, parts(spec.person.birthday).year - 20], older: true, first: spec.person.second ?? 'Hernández' });
    t.aspirants.add(
      {
        web_code: webCode,
        web_pass: ctx.passwordHash,
        cicle_id: currentCicle(spec.career).id,
        names: spec.person.names,
        first_name: spec.person.first,
        second_name: spec.person.second,
        genre: spec.person.sex,
        email: spec.email,
        telephone: rng.chance(0.4) ? ctx.phone(rng, city.lada) : null,
        cellphone: ctx.phone(rng, city.lada.length === 2 ? city.lada : '33'),
        nation_id: spec.person.nationId,
        pending: spec.status === 'PRE' && rng.chance(0.6),
        curp: spec.person.foreign ? null : ctx.curp(spec.person),
        birthday: iso(spec.person.birthday),
        status: spec.status,
        notes_prev: rng.chance(0.2) ? rng.pick(['¿Tienen becas deportivas?', 'Quisiera saber si puedo revalidar materias.', 'Me gustaría estudiar en el turno vespertino.', '¿Cuál es el costo de la colegiatura?']) : null,
        career_id: spec.career.id,
        campus_id: spec.career.campus.id,
        shift_id: spec.shiftId,
        civil_state_id: ctx.catalog(6, 'S'),
        how_find_id: ctx.catalog(7, howFound.pick(rng)),
        occupation_id: ctx.occupationIds.get('Estudiante') ?? null,
        school_origin_id: spec.schoolId,
        address_id: addressId,
        notes: spec.status === 'REV' ? 'Documentos revisados por control escolar.' : null,
        place_birth_id: spec.person.placeBirthId,
        origin_state_id: spec.person.stateIndex >= 0 ? ctx.stateIds[spec.person.stateIndex] : null,
        origin_country_id: spec.person.nationId,
        age: ageNow,
        live_with_parents: rng.chance(0.88),
        is_reentry: false,
        is_irregular: false,
        is_foreign: spec.person.foreign,
        sale_id: null,
        student_id: spec.studentId,
        user_id: userId,
        contact_name: fullName(mother),
        contact_telephone: ctx.phone(rng, city.lada.length === 2 ? city.lada : '33'),
        contact_type_id: ctx.catalog(4, 'MAD'),
        is_active: spec.active,
      },
      ctx.stampAt(spec.created, 12 * 60),
      id,
    );
    for (const code of ['ASP-ACTA', 'ASP-CONST', 'ASP-FOTO']) {
      const doc = reference.documentTypes.get(code);
      if (!doc || (spec.status === 'PRE' && rng.chance(0.5)) || rng.chance(0.1)) continue;
      // Reviewed once the application is; a few asked for again while the applicant is still paying;
      // originals handed over at inscription (decided without drawing from the random stream, so
      // the rest of the data stays as it was).
      const reviewed = spec.status !== 'PRE';
      const rejected = (spec.status === 'REV' || spec.status === 'PEND') && (id + doc.id) % 7 === 0;
      t.student_documents.add(
        {
          student_id: spec.studentId,
          aspirant_id: id,
          doc_type_id: doc.id,
          document: `aspirants/${webCode}/${code.toLowerCase()}.${code === 'ASP-FOTO' ? 'jpg' : 'pdf'}`,
          notes: null,
          archived: spec.status === 'INS' && code !== 'ASP-FOTO',
          date_limit: null,
          lent_at: null,
          review_status: rejected ? 'REJECTED' : reviewed ? 'ACCEPTED' : 'PENDING',
          review_notes: rejected ? 'El archivo no se lee completo: súbelo de nuevo escaneado.' : null,
        },
        ctx.stampAt(Math.min(today, spec.created + rng.int(0, 6)), ctx.officeMinute(rng)),
      );
    }
    if (rng.chance(0.05)) t.student_comments.add({ comment: rng.pick(['Llamó para preguntar por la fecha del examen de admisión.', 'Viene de otra universidad; pidió informes de revalidación.', 'Se le enviaron los requisitos por correo.']), item_id: id, category: 'aspirant', user_id: academics.controlOf(spec.career.campus.index), contact_channel: id % 2 ? 'PHONE' : 'EMAIL' }, ctx.stampAt(Math.min(today, spec.created + 3), ctx.officeMinute(rng)));
    return { id, webCode };
  };
  const aspirantSale = new Map<number, number>();

  for (const student of academics.students) {
    if (student.cohort !== 0) continue;
    const group = student.history[2];
    if (!group) continue;
    const career = student.career;
    const created = dayOf(year, 3, 1) + rng.int(0, 120);
    const { id: aspirantId } = asp({ status: 'INS', person: student.person, email: student.email, career, shiftId: reference.shifts[group.shiftIndex].id, studentId: student.id, created, active: true, schoolId: student.schoolId });
    aspirantByStudent.set(student.id, aspirantId);
    // Inscription: inscription fee, insurance and (for some) the first month of tuition.
    const day = Math.min(group.cicle.start - 3, created + rng.int(20, 70));
    const withAugust = rng.chance(0.5);
    const lines: SaleLine[] = [line(career, 'INS', undefined, 1, shipDiscount(student, 'I', conceptOf(career, 'INS').amount)), line(career, 'SEG')];
    if (withAugust) lines.push(tuitionLine(student, 8));
    const sale = sales.add({
      studentId: student.id,
      aspirantId,
      client: fullName(student.person),
      cicleId: group.cicle.id,
      careerId: career.id,
      userId: academics.cashierOf(career.campus.index),
      date: day,
      category: 'I',
      saleType: 'proceso',
      lines,
      plan: { share: 'full', count: rng.chance(0.45) ? 2 : 1, method: methods.pick(rng), firstDay: day, spreadDays: 10 },
      locked: true,
      referenceDue: day + 7,
      referenceKey: `9${String(aspirantId).padStart(7, '0')}`,
      foreignCurrency: student.person.foreign,
    });
    aspirantSale.set(aspirantId, sale.id);
    if (withAugust) saleByStudentMonth.set(`${student.id}/8`, sale);
  }

  // Aspirants still in admission for this period, and a few deleted ones.
  const statusPicker = new WeightedPicker<'PRE' | 'REV' | 'PEND' | 'PAY'>([['PRE', 45], ['REV', 20], ['PEND', 22], ['PAY', 13]]);
  for (const career of institution.careers) {
    for (let n = 0; n < ctx.config.openAspirantsPerCareer; n += 1) {
      const status = statusPicker.pick(rng);
      const active = !rng.chance(0.06);
      const person = ctx.person(rng, { born: [year - 19, year - 17], femaleShare: career.femaleShare, foreignShare: 0.01 });
      const created = today - rng.int(1, 60);
      const { id } = asp({ status, person, email: ctx.email(rng, person), career, shiftId: reference.shifts[rng.chance(0.7) ? 0 : 1].id, studentId: null, created, active, schoolId: reference.schools.length > 0 ? rng.pick(reference.schools).id : null });
      if (status === 'PEND' || status === 'PAY') {
        const day = Math.min(today, created + rng.int(2, 15));
        const sale = sales.add({
          studentId: null,
          aspirantId: id,
          client: fullName(person),
          cicleId: currentCicle(career).id,
          careerId: career.id,
          userId: academics.cashierOf(career.campus.index),
          date: day,
          category: 'I',
          saleType: 'proceso',
          lines: [line(career, 'EXADM'), line(career, 'INS')],
          plan: { share: status === 'PAY' ? 'full' : 'none', count: 1, method: 'REF', firstDay: Math.min(today, day + rng.int(0, 5)), spreadDays: 0 },
          locked: true,
          referenceDue: day + 10,
          referenceKey: `9${String(id).padStart(7, '0')}`,
        });
        aspirantSale.set(id, sale.id);
      }
      }
  }
  // aspirants.sale_id is filled after the sales are in (the two tables point at each other).
  const aspirantIds = t.aspirants.ids;
  for (let i = 0; i < aspirantIds.length; i += 1) {
    const saleId = aspirantSale.get(aspirantIds[i]);
    if (saleId) t.aspirants.set(i, 'sale_id', saleId);
  }

  // Reinscription into this period of everyone who studied January-June.
  for (const student of academics.students) {
    const from = student.history[1];
    if (!from) continue;
    const career = student.career;
    const cicleFrom = career.campus.cicles[1];
    const cicleTo = career.campus.cicles[2];
    const to = student.history[2];
    const graduatedInJune = student.outcome === 'graduated' && !to;
    if (graduatedInJune) continue;
    const userId = academics.controlOf(career.campus.index);
    if (student.outcome === 'dropped' && student.droppedIn === 1) {
      const cancelled = rng.chance(0.6);
      t.reinscriptions.add(
        { student_id: student.id, user_id: userId, sale_id: null, cicle_from_id: cicleFrom.id, cicle_to_id: cicleTo.id, from_group_id: from.id, to_group_id: null, career_id: career.id, pending_months: '[]', pay_months: '[]', pending: !cancelled, reinscribed: false, notes: null, reinscription_status: cancelled ? 'Cancelled' : 'Pending', cancel_note: cancelled ? 'Baja del alumno.' : null },
        ctx.stampAt(cicleFrom.end + rng.int(5, 20), 10 * 60),
      );
      continue;
    }
    if (!to) continue;
    const day = Math.min(cicleTo.start - 1, cicleFrom.end + rng.int(3, 45));
    const prepaid = rng.chance(0.12);
    const withAugust = !prepaid && rng.chance(0.45);
    const reins = conceptOf(career, 'REINS');
    const lines: SaleLine[] = [line(career, 'REINS', undefined, 1, shipDiscount(student, 'RR', reins.amount)), line(career, 'SEG')];
    if (prepaid) lines.push(...[8, 9, 10, 11, 12].map((month) => tuitionLine(student, month, true)));
    else if (withAugust) lines.push(tuitionLine(student, 8));
    const late = rng.chance(0.05);
    const sale = sales.add({
      studentId: student.id,
      aspirantId: null,
      client: fullName(student.person),
      cicleId: cicleTo.id,
      careerId: career.id,
      userId: academics.cashierOf(career.campus.index),
      date: day,
      category: 'I',
      saleType: rng.chance(0.6) ? 'proceso' : 'ventanilla',
      lines,
      plan: { share: late ? (rng.chance(0.5) ? 'partial' : 'none') : 'full', count: rng.next() < 0.55 ? 2 : 1, method: methods.pick(rng), firstDay: day, spreadDays: 12 },
      locked: true,
      referenceDue: late || rng.chance(0.2) ? cicleTo.start + 10 : null,
      referenceKey: student.noControl + '1',
      foreignCurrency: student.person.foreign,
      notes: prepaid ? 'Pago anticipado del semestre con descuento de pronto pago.' : null,
    });
    if (prepaid) for (const month of [8, 9, 10, 11, 12]) saleByStudentMonth.set(`${student.id}/${month}`, sale);
    else if (withAugust) saleByStudentMonth.set(`${student.id}/8`, sale);
    const pendingJune = rng.chance(0.04);
    t.reinscriptions.add(
      {
        student_id: student.id,
        user_id: userId,
        sale_id: sale.id,
        cicle_from_id: cicleFrom.id,
        cicle_to_id: cicleTo.id,
        from_group_id: from.id,
        to_group_id: to.id,
        career_id: career.id,
        pending_months: pendingJune ? JSON.stringify([{ month: 6, year }]) : '[]',
        pay_months: JSON.stringify(prepaid ? [8, 9, 10, 11, 12].map((month) => ({ month, year })) : withAugust ? [{ month: 8, year }] : []),
        pending: !sale.fullyPaid,
        reinscribed: sale.fullyPaid,
        notes: pendingJune ? 'Adeuda la colegiatura de junio.' : null,
        reinscription_status: sale.fullyPaid ? 'Reinscription' : 'Payment',
        cancel_note: null,
      },
      ctx.stampAt(day, 10 * 60),
    );
  }

  // Monthly tuition August to December: each student's charges, paid the way the student pays.
  function tuitionLine(student: StudentModel, month: number, early = false): SaleLine {
    const concept = conceptOf(student.career, 'COL');
    const earlyDiscount = early ? concept.amount - divRound(concept.amount * 95, 100) : 0;
    const promo = student.cohort === 0 && student.career === student.career.campus.careers[0] ? percentOf(concept.amount, 10) : 0;
    const discount = Math.min(concept.amount, earlyDiscount + promo + shipDiscount(student, 'R', concept.amount - earlyDiscount - promo));
    return { conceptId: concept.id, description: `${concept.description} ${MONTH_NAMES[month - 1]} ${year}`, qty: 1, amount: concept.amount, ivaBasisPoints: 0, discount };
  }
  const behaviours = new WeightedPicker<'monthly' | 'pairs' | 'trios' | 'late' | 'debtor'>([['monthly', 22], ['pairs', 35], ['trios', 20], ['late', 10], ['debtor', 13]]);
  const firstOfMonth = (month: number) => dayOf(year, month, 1);
  for (const student of academics.activeStudents) {
    const group = student.history[2];
    if (!group) continue;
    const career = student.career;
    const cicle = group.cicle;
    const concept = conceptOf(career, 'COL');
    const months = student.droppedIn === 2 ? [8, 9] : [8, 9, 10, 11, 12];
    const open = months.filter((month) => !saleByStudentMonth.has(`${student.id}/${month}`));
    const behaviour = behaviours.pick(rng);
    const batches: number[][] = [];
    const per = behaviour === 'trios' ? 3 : behaviour === 'pairs' || behaviour === 'debtor' ? 2 : 1;
    for (let i = 0; i < open.length; i += per) batches.push(open.slice(i, i + per));
    const debtFrom = behaviour === 'debtor' ? Math.max(0, batches.length - 2) : Infinity;
    batches.forEach((batch, index) => {
      const month = batch[0];
      if (firstOfMonth(month) > today) return;
      const isLate = behaviour === 'late';
      let payDay = isLate ? dayOf(year, month, rng.int(11, 25)) : dayOf(year, month, 1) + rng.int(0, 9);
      payDay = workingDay(payDay);
      const isDebt = index >= debtFrom;
      if (!isDebt && payDay > today) return;
      const saleDay = isDebt ? workingDay(dayOf(year, month, 1)) : payDay;
      if (saleDay > today) return;
      const lines = batch.map((m) => tuitionLine(student, m));
      if (isLate) {
        const surcharge = conceptOf(career, 'REC');
        lines.push({ conceptId: surcharge.id, description: `Recargo por pago extemporáneo ${MONTH_NAMES[month - 1]}`, qty: 1, amount: surcharge.amount, ivaBasisPoints: 0, discount: 0 });
      }
      const count = rng.next() < 0.38 ? 1 : rng.next() < 0.58 ? 2 : 3;
      const extraDiscount = !isDebt && rng.chance(0.015) ? { userId: academics.cashierOf(career.campus.index), cents: pesos(rng.pick([200, 300, 500])), percentage: 0, comment: 'Descuento autorizado por dirección.' } : null;
      const cancelled = !isDebt && rng.chance(0.006) ? { day: Math.min(today, saleDay + 1), notes: 'Cobro duplicado.' } : null;
      const sale = sales.add({
        studentId: student.id,
        aspirantId: null,
        client: fullName(student.person),
        cicleId: cicle.id,
        careerId: career.id,
        userId: academics.cashierOf(career.campus.index),
        date: saleDay,
        category: 'R',
        saleType: 'ventanilla',
        lines,
        plan: isDebt ? { share: rng.chance(0.4) ? 'partial' : 'none', count: 1, method: 'REF', firstDay: Math.min(today, saleDay + rng.int(3, 15)), spreadDays: 0 } : { share: 'full', count, method: methods.pick(rng), firstDay: payDay, spreadDays: 8 },
        extraDiscount,
        cancelled,
        locked: true,
        referenceDue: isDebt ? dayOf(year, month, 10) + 20 : rng.chance(0.1) ? dayOf(year, month, 10) : null,
        referenceKey: `${student.noControl}${month % 10}`,
        foreignCurrency: student.person.foreign,
      });
      if (!cancelled) for (const m of batch) saleByStudentMonth.set(`${student.id}/${m}`, sale);
    });
    for (const month of months) {
      const sale = saleByStudentMonth.get(`${student.id}/${month}`) ?? null;
      t.recurrents.add(
        { student_id: student.id, cicle_id: cicle.id, sale_id: sale?.id ?? null, concept_id: concept.id, paid: sale?.fullyPaid ?? false, limit_date: iso(dayOf(year, month, 10)), month, month_name: MONTH_NAMES[month - 1], year },
        ctx.stampAt(cicle.start - 5, 8 * 60),
      );
    }
  }

  // Other charges: certificates, credentials, T-shirts... some bought in the student portal.
  const extras = ['CONST', 'CONST', 'KARD', 'CRED', 'REPCRED', 'UNIF', 'CERTP', 'TALLER'];
  for (const student of academics.activeStudents) {
    if (!rng.chance(0.13)) continue;
    const career = student.career;
    const code = rng.pick(extras);
    const concept = conceptOf(career, code);
    const allowWeb = ['CONST', 'KARD', 'REPCRED', 'UNIF'].includes(code);
    const fromShop = allowWeb && rng.chance(0.5);
    const day = today - rng.int(0, 90);
    const qty = code === 'UNIF' ? rng.int(1, 2) : 1;
    const unpaid = fromShop && rng.chance(0.2);
    sales.add({
      studentId: student.id,
      aspirantId: null,
      client: fullName(student.person),
      cicleId: currentCicle(career).id,
      careerId: career.id,
      userId: fromShop ? null : academics.cashierOf(career.campus.index),
      date: day,
      category: 'C',
      saleType: fromShop ? 'web' : 'ventanilla',
      lines: [{ conceptId: concept.id, description: concept.description, qty, amount: concept.amount, ivaBasisPoints: Math.round(concept.iva * 10_000), discount: code === 'CONST' ? shipDiscount(student, 'C', concept.amount) : 0 }],
      plan: { share: unpaid ? 'none' : 'full', count: 1, method: fromShop ? rng.pick(['03', '04', '28']) : methods.pick(rng), firstDay: day, spreadDays: 0 },
      fromShop,
      referenceDue: unpaid ? day + 5 : null,
      referenceKey: `${student.noControl}7`,
    });
  }
  // Walk-in buyers who are not students.
  for (let n = 0; n < Math.max(3, Math.round(institution.careers.length * 1.5)); n += 1) {
    const campus = rng.pick(institution.campuses);
    const career = rng.pick(campus.careers);
    const person = ctx.person(rng, { born: [year - 50, year - 20], older: true });
    const day = today - rng.int(0, 100);
    sales.add({
      studentId: null,
      aspirantId: null,
      client: fullName(person),
      cicleId: campus.cicles[2].id,
      careerId: null,
      userId: academics.cashierOf(campus.index),
      date: day,
      category: 'G',
      saleType: 'ventanilla',
      lines: [line(career, rng.pick(['PROP', 'TALLER', 'UNIF']))],
      plan: { share: 'full', count: 1, method: rng.pick(['01', '28']), firstDay: day, spreadDays: 0 },
    });
  }

  // Invoices for the students whose family asked for them, over their paid tuition.
  buildInvoices(ctx, reference, academics, saleByStudentMonth, rng);

  return { aspirantByStudent };
}

function buildInvoices(ctx: Context, reference: Reference, academics: Academics, saleByStudentMonth: Map<string, SaleResult>, rng: Rng): void {
  const t = ctx.tables;
  const sat = reference.sat;
  const issuerRfc = buildRfc({ legalName: 'Universidad Plantel, A.C.', incorporated: '1999-01-15' });
  const details = {
    saleId: t.sale_details.column('sale_id'),
    description: t.sale_details.column('description'),
    qty: t.sale_details.column('qty'),
    amount: t.sale_details.column('amount'),
    iva: t.sale_details.column('iva'),
    discount: t.sale_details.column('discount'),
    concept: t.sale_details.column('concept_id'),
  };
  const linesBySale = new Map<number, number[]>();
  for (let i = 0; i < t.sale_details.length; i += 1) {
    const saleId = details.saleId[i] as number;
    const list = linesBySale.get(saleId);
    if (list) list.push(i);
    else linesBySale.set(saleId, [i]);
  }
  const toCents = (value: unknown) => Math.round(Number(value) * 100);
  const uuid = () => {
    const hex = () => rng.int(0, 15).toString(16);
    const part = (n: number) => Array.from({ length: n }, hex).join('');
    return `${part(8)}-${part(4)}-4${part(3)}-${['8', '9', 'a', 'b'][rng.int(0, 3)]}${part(3)}-${part(12)}`.toUpperCase();
  };
  let folio = 0;
  const methodForm: Record<string, string> = { '01': '01', '02': '02', '03': '03', '04': '04', '28': '28', REF: '03' };
  for (const student of academics.activeStudents) {
    if (!rng.chance(0.06)) continue;
    const company = rng.chance(0.12) ? rng.pick(reference.companies) : null;
    const payer = company ? null : ctx.person(rng, { born: [ctx.year - 60, ctx.year - 38], older: true, first: student.person.first });
    const rfc = company ? company.rfc : ctx.rfc(payer as NonNullable<typeof payer>);
    const name = company ? normalizeName(company.name.replace(/,.*$/, '')) : normalizeName(fullName(payer as NonNullable<typeof payer>));
    const regime = company ? '601' : rng.pick(['605', '605', '612', '626']);
    const use = company ? 'G03' : 'D10';
    const city = ctx.homeCity(rng);
    const postal = rng.pick(city.colonies).cp;
    t.invoice_data.add(
      { rfc, social_reason: name, address: `${rng.pick(['Av. Vallarta', 'Calle Morelos', 'Av. Patria'])} ${rng.int(100, 3999)}, ${city.name}, ${STATES[city.stateIndex].name}`, email: ctx.email(rng, payer ?? { names: 'facturacion', first: 'empresa' }), student_id: student.id, postal_code: postal, fiscal_regime_id: sat.regimes.get(regime) ?? null, cfdi_type_id: sat.uses.get(use) ?? null },
      ctx.stampAt(ctx.today - rng.int(30, 200), 10 * 60),
    );
    const seen = new Set<number>();
    for (const month of [8, 9, 10, 11, 12]) {
      const sale = saleByStudentMonth.get(`${student.id}/${month}`);
      if (!sale || !sale.fullyPaid || sale.paidDay === null || seen.has(sale.id)) continue;
      seen.add(sale.id);
      folio += 1;
      const day = Math.min(ctx.today, sale.paidDay + rng.int(0, 3));
      const recent = day >= ctx.today - 1;
      const roll = rng.next();
      const status = recent ? 'PENDING' : roll < 0.015 ? 'ERROR' : roll < 0.04 ? 'CANCELLED' : 'STAMPED';
      const id = t.invoices.reserve();
      let subtotal = 0;
      let discount = 0;
      let transferred = 0;
      for (const index of linesBySale.get(sale.id) ?? []) {
        const qty = details.qty[index] as number;
        const price = toCents(details.amount[index]);
        const lineDiscount = toCents(details.discount[index]) * qty;
        const rate = Math.round(Number(details.iva[index]) * 10_000);
        const unit = rate > 0 ? withoutTax(price, rate) : price;
        const amount = unit * qty;
        subtotal += amount;
        discount += lineDiscount;
        const conceptId = t.invoice_concepts.add({
          invoice_id: id,
          prod_serv_id: sat.prodServs.get('86121700') ?? 1,
          unit_id: sat.units.get('E48') ?? 1,
          no_identification: String(details.concept[index] ?? ''),
          description: String(details.description[index]),
          qty: `${qty}.0000`,
          unit_value: money(unit),
          amount: money(amount),
          discount: money(lineDiscount),
          object_imp: '02',
          iedu: null,
        });
        const base = amount - lineDiscount;
        if (rate > 0) {
          const tax = divRound(base * rate, 10_000);
          transferred += tax;
          t.invoice_taxes.add({ invoice_concept_id: conceptId, tax: '002', factor_type: 'Tasa', rate: (rate / 10_000).toFixed(6), base: money(base), amount: money(tax), is_retention: false });
        } else {
          t.invoice_taxes.add({ invoice_concept_id: conceptId, tax: '002', factor_type: 'Exento', rate: null, base: money(base), amount: null, is_retention: false });
        }
      }
      const stamped = status === 'STAMPED' || status === 'CANCELLED';
      const fiscalUuid = stamped ? uuid() : null;
      const total = subtotal - discount + transferred;
      t.invoices.add(
        {
          fiscal_rfc: issuerRfc,
          fiscal_social_reason: 'UNIVERSIDAD PLANTEL',
          type_voucher_id: sat.vouchers.get('I') ?? null,
          fiscal_regime_id: sat.regimes.get('603') ?? null,
          rfc,
          social_reason: name,
          cfdi_type_id: sat.uses.get(use) ?? null,
          receiver_regime_id: sat.regimes.get(regime) ?? null,
          expedition_date: ctx.stampAt(day, ctx.officeMinute(rng)),
          postal_code: postal,
          expedition_place: student.career.campus.postalCode,
          coin_type: 'MX',
          payment_form_id: sat.forms.get(methodForm[sale.payments[0]?.method ?? '01'] ?? '01') ?? null,
          payment_method_id: sat.methods.get('PUE') ?? null,
          serie: 'A',
          folio: String(folio),
          conditions: 'Contado',
          subtotal: money(subtotal),
          descuento: money(discount),
          total: money(total),
          isp_transfer: money(transferred),
          isp_retention: '0.00',
          type_relation_id: null,
          related_uuids: '[]',
          xml: stamped ? `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="A" Folio="${folio}" Total="${money(total)}"><cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${fiscalUuid}"/></cfdi:Complemento></cfdi:Comprobante>` : null,
          uuid: fiscalUuid,
          stamped_at: stamped ? ctx.stampAt(day, 19 * 60) : null,
          pac_message: status === 'ERROR' ? 'CFDI40147: El campo DomicilioFiscalReceptor no coincide con el registrado en el SAT.' : null,
          cancel_reason: status === 'CANCELLED' ? '02' : null,
          cancel_substitute_uuid: null,
          status,
          is_deleted: false,
          user_id: academics.cashierOf(student.career.campus.index),
          sale_id: sale.id,
          notes: null,
        },
        ctx.stampAt(day, 18 * 60),
        id,
      );
    }
  }
}

