// Monthly tuition (Inscr./Reins. › Pagos recurrentes, finance/api/recurrents/): the month's charge
// of each student of a period (a Recurrent row: student, concept, month, its limit day), what a
// student owes month by month with its surcharge, and paying chosen months with one sale.
//
// A charge row names its concept; its price is the concept's, less the student's concept
// discounts and scholarships in force on the month's limit day, computed when it is shown or paid
// (lib/finance/sale-totals.ts, the same rules as the counter). A month is paid when the sale made
// for it is (settleSale keeps that in step). "Today" comes from server/clock.ts.
import type { z } from 'zod';
import { checkStudentTuition, forceTuition, generateTuition, payTuition } from '@/lib/contracts/finance';
import { fromCents, toCents } from '@/lib/finance/balance';
import { MONTH_NAMES_ES, type Month, monthsOfPeriod, surchargeFor } from '@/lib/finance/tuition';
import type { Actor } from '@/server/auth/actor';
import { today } from '@/server/clock';
import { type Prisma, prisma } from '@/server/db/client';
import { recordHistory, recordHistoryMany } from '@/server/engine/audit';
import { canUse } from '@/server/engine/engine';
import type { ContractContext, ResourceDefinition } from '@/server/engine/types';
import { badRequest, forbidden, msg, notFound } from '@/server/errors';
import { translator } from '@/server/i18n/messages';
import { type Mail, mailServer, sendMails } from '@/server/mail/mailer';
import { formatDate, formatMoney } from '@/lib/format';
import { type Buyer, isoDay, settleSale, unitDiscountFor } from './settle';
import { issueSaleReference } from './bank-references';
import { STUDENT_CONCEPT_FIRST, conceptsInForce, studentConceptsSql } from './price-lists';

type Db = Prisma.TransactionClient | typeof prisma;

/** Cents of an amount this module wrote itself (always a valid two-decimal string). */
const cents = (amount: string): bigint => toCents(amount) ?? 0n;

/** How often a concept is charged: the monthly entry of the recurrence catalogue (classification 2). */
const MONTHLY = { clas_id: 2, code: 'MEN' };
/** The concept a late month's surcharge is charged with, when the student's price list has one. */
const SURCHARGE_CODE = 'REC';


/** What generate/ takes, and its job with it (the contract's body). */
export const generateInput = generateTuition.input;
export type GenerateInput = z.infer<typeof generateInput>;

type Period = { id: number; start: string; end: string; campus_id: number | null };

export async function periodOf(db: Db, cicleId: number): Promise<Period> {
  const cicle = await db.cicle.findUnique({ where: { id: cicleId }, select: { id: true, start: true, end: true, campus_id: true } });
  if (!cicle) throw badRequest({ cicle_id: [msg('errors.unknown_reference')] });
  return { id: cicle.id, start: isoDay(cicle.start), end: isoDay(cicle.end), campus_id: cicle.campus_id };
}

/** The months of the period to charge: all of them, or those of the numbers asked for. */
export function monthsToCharge(period: { start: string; end: string }, numbers?: number[]): Month[] {
  const months = monthsOfPeriod(period.start, period.end);
  return numbers && numbers.length > 0 ? months.filter((month) => numbers.includes(month.month)) : months;
}

async function monthlyRecurrence(db: Db): Promise<number | null> {
  return (await db.catalog.findFirst({ where: MONTHLY, select: { id: true } }))?.id ?? null;
}

type Scope = { period: Period; months: Month[]; careerId?: number; studentId?: number; recurrenceId: number };
type Created = { students: number; priced: number; created: number };

/**
 * Creates the charges of a scope in one statement: every active student in a group of the period
 * (one career, or one student), priced with the monthly concept of their price lists in force on
 * the period's first day (a list naming their career before a general one; a concept of their
 * group's shift before one of every shift), one row per month they do not have yet, whatever its
 * concept; and a history row for each. Running it again creates nothing.
 */
async function createCharges(tx: Prisma.TransactionClient, actor: Actor, scope: Scope): Promise<Created> {
  if (scope.months.length === 0) return { students: 0, priced: 0, created: 0 };
  const [row] = await tx.$queryRawUnsafe<Created[]>(
    `WITH months AS (
       SELECT y AS year, m AS month FROM unnest($2::int[], $3::int[]) AS given(y, m)
     ), members AS (
       SELECT DISTINCT ON (s.id) s.id AS student_id, s.career_id, c.campus_id, g.shift_id
       FROM students s
       JOIN student_groups sg ON sg.student_id = s.id AND sg.status AND sg.subject_id IS NULL
       JOIN groups g ON g.id = sg.group_id AND g.cicle_id = $1
       JOIN careers c ON c.id = s.career_id
       WHERE s.is_active AND ($5::int IS NULL OR s.career_id = $5) AND ($6::int IS NULL OR s.id = $6)
       ORDER BY s.id, sg.is_current DESC, sg.id DESC
     ), tuition AS (
       SELECT DISTINCT ON (m.student_id) m.student_id, k.id AS concept_id, k.surcharge_day
       FROM members m
       ${studentConceptsSql('$4')} AND k.recurrency_id = $7
       ORDER BY m.student_id, ${STUDENT_CONCEPT_FIRST}
     ), inserted AS (
       INSERT INTO recurrents (student_id, cicle_id, concept_id, limit_date, month, month_name, year, updated_at)
       SELECT t.student_id, $1, t.concept_id,
              make_date(mo.year, mo.month, LEAST(GREATEST(COALESCE(t.surcharge_day, 31), 1),
                        EXTRACT(DAY FROM make_date(mo.year, mo.month, 1) + INTERVAL '1 month - 1 day')::int)),
              mo.month, ($9::text[])[mo.month], mo.year, now()
       FROM tuition t CROSS JOIN months mo
       WHERE NOT EXISTS (SELECT 1 FROM recurrents r WHERE r.student_id = t.student_id AND r.year = mo.year AND r.month = mo.month AND r.status)
       ON CONFLICT (student_id, concept_id, year, month) DO NOTHING
       RETURNING id, student_id, concept_id, month, year
     ), history AS (
       INSERT INTO audit_logs (resource, record_id, type, user_id, username, changes)
       SELECT 'recurrents', i.id::text, '+', $8::int, $10,
              jsonb_build_array(jsonb_build_object('field', 'student_id', 'old', NULL, 'new', i.student_id),
                                jsonb_build_object('field', 'concept_id', 'old', NULL, 'new', i.concept_id),
                                jsonb_build_object('field', 'month', 'old', NULL, 'new', i.month),
                                jsonb_build_object('field', 'year', 'old', NULL, 'new', i.year))
       FROM inserted i
       RETURNING 1
     )
     SELECT (SELECT COUNT(*) FROM members)::int AS students, (SELECT COUNT(*) FROM tuition)::int AS priced,
            (SELECT COUNT(*) FROM inserted)::int AS created, (SELECT COUNT(*) FROM history)::int AS logged`,
    scope.period.id,
    scope.months.map((month) => month.year),
    scope.months.map((month) => month.month),
    scope.period.start,
    scope.careerId ?? null,
    scope.studentId ?? null,
    scope.recurrenceId,
    actor.id,
    MONTH_NAMES_ES,
    actor.username,
  );
  return { students: row.students, priced: row.priced, created: row.created };
}

/** The careers with students in groups of the period: the job goes one career at a time. */
async function careersOfPeriod(cicleId: number, careerId?: number): Promise<number[]> {
  const rows = await prisma.$queryRawUnsafe<{ career_id: number }[]>(
    `SELECT DISTINCT s.career_id FROM students s
     JOIN student_groups sg ON sg.student_id = s.id AND sg.status AND sg.subject_id IS NULL
     JOIN groups g ON g.id = sg.group_id AND g.cicle_id = $1
     WHERE s.is_active AND s.career_id IS NOT NULL AND ($2::int IS NULL OR s.career_id = $2)
     ORDER BY s.career_id`,
    cicleId,
    careerId ?? null,
  );
  return rows.map((row) => row.career_id);
}

/**
 * generate/ as a job: the period's charges career by career, each in its own transaction (a run
 * cut short and run again only adds what is missing). Answers how many students were found, how
 * many had no monthly concept in their price lists, and how many charges were created.
 */
export async function generateCharges(actor: Actor, input: GenerateInput, report: (done: number, total: number) => Promise<void>) {
  const period = await periodOf(prisma, input.cicle_id);
  const months = monthsToCharge(period, input.months);
  const recurrenceId = await monthlyRecurrence(prisma);
  const careers = recurrenceId ? await careersOfPeriod(period.id, input.career_id) : [];
  const totals = { careers: careers.length, months: months.length, students: 0, without_concept: 0, created: 0 };
  await report(0, careers.length);
  for (const [index, careerId] of careers.entries()) {
    const result = await prisma.$transaction((tx) => createCharges(tx, actor, { period, months, careerId, recurrenceId: recurrenceId! }), { timeout: 120_000 });
    totals.students += result.students;
    totals.without_concept += result.students - result.priced;
    totals.created += result.created;
    await report(index + 1, careers.length);
  }
  return totals;
}

/** POST force/ {student_id, cicle_id?, months?}: one student's charges now (one who joined late). */
export async function forceCharges({ actor, input }: ContractContext<typeof forceTuition>) {
  const student = await prisma.student.findUnique({ where: { id: input.student_id }, select: { id: true, is_active: true, current_group: { select: { cicle_id: true } } } });
  if (!student) throw badRequest({ student_id: [msg('errors.unknown_reference')] });
  const cicleId = input.cicle_id ?? student.current_group?.cicle_id;
  if (!cicleId) throw badRequest({ cicle_id: [msg('finance.tuition.no_group')] });
  const period = await periodOf(prisma, cicleId);
  const recurrenceId = await monthlyRecurrence(prisma);
  const result = recurrenceId
    ? await prisma.$transaction((tx) => createCharges(tx, actor, { period, months: monthsToCharge(period, input.months), studentId: student.id, recurrenceId }))
    : { students: 0, priced: 0, created: 0 };
  if (result.students === 0) throw badRequest({ student_id: [msg('finance.tuition.no_group')] });
  if (result.priced === 0) throw badRequest({ student_id: [msg('finance.tuition.no_concept')] });
  return { created: result.created };
}

// ---------------------------------------------------------------------------------------------
// What a student owes, month by month.

export type MonthState = 'PAID' | 'BILLED' | 'LATE' | 'PENDING';

export type StudentMonth = {
  id: number;
  cicle_id: number | null;
  month: number;
  month_name: string;
  year: number;
  limit_date: string;
  concept_id: number;
  concept: string;
  amount: string;
  discount: string;
  surcharge: string;
  total: string;
  paid: boolean;
  sale_id: number | null;
  state: MonthState;
};

/** Who may ask about (or pay) a student's months: the student themselves, or staff with the right. */
function studentFor(actor: Actor, definition: ResourceDefinition, requested: number | undefined, right: 'read' | 'write'): number {
  if (actor.kind === 'student') {
    if (!actor.student_id || (requested && requested !== actor.student_id)) throw forbidden();
    return actor.student_id;
  }
  if (!canUse(actor, definition, right, right === 'read' ? 'view' : 'add')) throw forbidden();
  if (!requested) throw badRequest({ student_id: [msg('errors.required')] });
  return requested;
}

type StudentBuyer = Awaited<ReturnType<typeof studentBuyer>>;

async function studentBuyer(db: Db, studentId: number) {
  const student = await db.student.findUnique({
    where: { id: studentId },
    select: { id: true, names: true, first_name: true, second_name: true, no_control: true, email: true, career_id: true, career: { select: { campus_id: true } }, current_group: { select: { cicle_id: true, grade: true } } },
  });
  if (!student) throw notFound();
  return student;
}

/**
 * The student's monthly charges (of one period, or all), oldest first, priced for `day`: paid ones
 * as paid, those in an open sale as billed (the sale holds their price), the rest with their
 * discount and, once past their limit day, their surcharge.
 */
export async function studentMonths(db: Db, studentId: number, options: { cicleId?: number; day?: string; student?: StudentBuyer } = {}): Promise<StudentMonth[]> {
  const day = options.day ?? today();
  const student = options.student ?? (await studentBuyer(db, studentId));
  const rows = await db.recurrent.findMany({
    where: { student_id: studentId, status: true, ...(options.cicleId ? { cicle_id: options.cicleId } : {}) },
    orderBy: [{ year: 'asc' }, { month: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      cicle_id: true,
      month: true,
      month_name: true,
      year: true,
      limit_date: true,
      paid: true,
      sale_id: true,
      sale: { select: { status: true, paid: true } },
      concept: {
        select: { id: true, description: true, amount: true, code: true, is_inscription: true, recurrency_id: true, surcharge_start_date: true, surcharge_day: true, surcharge_amount: true, surcharge_by_day: true, surcharge_max_days: true, surcharge_amount_by_day: true },
      },
    },
  });
  const months: StudentMonth[] = [];
  for (const row of rows) {
    const { concept } = row;
    const amount = concept.amount.toFixed(2);
    const limit = isoDay(row.limit_date);
    const billed = row.sale_id !== null && row.sale?.status === true;
    const buyer: Buyer = { student_id: student.id, cicle_id: row.cicle_id, career_id: student.career_id, grade: student.current_group?.grade ?? null, day: row.limit_date };
    const discount = row.paid || billed ? '0.00' : await unitDiscountFor(db, buyer, concept.id, amount);
    const surcharge =
      row.paid || billed
        ? '0.00'
        : surchargeFor(
            {
              surcharge_start_date: concept.surcharge_start_date ? isoDay(concept.surcharge_start_date) : null,
              surcharge_day: concept.surcharge_day,
              surcharge_amount: concept.surcharge_amount.toFixed(2),
              surcharge_by_day: concept.surcharge_by_day,
              surcharge_max_days: concept.surcharge_max_days,
              surcharge_amount_by_day: concept.surcharge_amount_by_day.toFixed(2),
            },
            { year: row.year, month: row.month },
            day,
          );
    const total = concept.amount.minus(discount).plus(surcharge).toFixed(2);
    const state: MonthState = row.paid ? 'PAID' : billed ? 'BILLED' : limit < day ? 'LATE' : 'PENDING';
    months.push({ id: row.id, cicle_id: row.cicle_id, month: row.month, month_name: row.month_name, year: row.year, limit_date: limit, concept_id: concept.id, concept: concept.description, amount, discount, surcharge, total, paid: row.paid, sale_id: row.sale?.status ? row.sale_id : null, state });
  }
  return months;
}

/** What the months still to pay add up to (neither paid nor in an open sale). */
export function owedOf(months: readonly StudentMonth[]): { pending_months: number; owed: string } {
  const open = months.filter((month) => month.state === 'LATE' || month.state === 'PENDING');
  return { pending_months: open.length, owed: fromCents(open.reduce((sum, month) => sum + cents(month.total), 0n)) };
}

/** POST check_student/ {student_id, cicle_id?}: the student's months and what they owe today. */
export async function checkStudent(definition: ResourceDefinition, { actor, input }: ContractContext<typeof checkStudentTuition>) {
  const studentId = studentFor(actor, definition, input.student_id, 'read');
  const months = await studentMonths(prisma, studentId, { cicleId: input.cicle_id });
  return { student_id: studentId, today: today(), ...owedOf(months), months };
}

// ---------------------------------------------------------------------------------------------
// Paying months.

/**
 * POST pay/ {student_id, months: [recurrent ids]}: one sale of the chosen months (each its
 * concept's price less its discount, plus a surcharge line for a late one), locked like every
 * sale a process makes; the months point at it and are paid when it is. A student paying from the
 * portal gets the sale's bank reference with it.
 */
export async function payMonths(definition: ResourceDefinition, { actor, input }: ContractContext<typeof payTuition>) {
  // What the sale keeps (its note, a surcharge line's description, its reference's concept) is the
  // school's record, written in the school's language whatever the clerk's interface reads.
  const t = translator();
  const studentId = studentFor(actor, definition, input.student_id, 'write');
  const chosen = [...new Set(input.months ?? [])];
  // Spec section 5: "Select at least one month to pay".
  if (chosen.length === 0) throw badRequest({ months: [msg('finance.tuition.select_month')] });

  return prisma.$transaction(async (tx) => {
    // One payment of months at a time per student: two cashiers cannot bill the same month twice.
    await tx.$queryRaw`SELECT id FROM students WHERE id = ${studentId} FOR UPDATE`;
    const student = await studentBuyer(tx, studentId);
    const months = await studentMonths(tx, studentId, { student });
    const byId = new Map(months.map((month) => [month.id, month]));
    const problems = chosen.flatMap((id) => {
      const month = byId.get(id);
      if (!month) return [msg('errors.unknown_reference')];
      if (month.state === 'PAID') return [msg('finance.tuition.month_paid', { month: `${month.month_name} ${month.year}` })];
      if (month.state === 'BILLED') return [msg('finance.tuition.month_billed', { month: `${month.month_name} ${month.year}`, sale: month.sale_id ?? '' })];
      return [];
    });
    if (problems.length > 0) throw badRequest({ months: problems });
    const paying = months.filter((month) => chosen.includes(month.id));
    const concepts = await tx.concept.findMany({ where: { id: { in: [...new Set(paying.map((month) => month.concept_id))] } }, select: { id: true, iva: true } });
    const conceptById = new Map(concepts.map((concept) => [concept.id, concept]));
    const surchargeConcept = paying.some((month) => month.surcharge !== '0.00')
      ? await tx.concept.findFirst({
          where: { code: SURCHARGE_CODE, ...conceptsInForce({ campusId: student.career?.campus_id ?? null, careerId: student.career_id, day: new Date(`${today()}T00:00:00Z`) }) },
          orderBy: { id: 'desc' },
          select: { id: true, iva: true },
        })
      : null;

    const sale = await tx.sale.create({
      data: {
        student_id: student.id,
        cicle_id: paying[0].cicle_id ?? student.current_group?.cicle_id ?? null,
        career_id: student.career_id,
        user_id: actor.id,
        category: 'R',
        sale_type: actor.kind === 'student' ? 'web' : 'ventanilla',
        from_shop: actor.kind === 'student',
        is_locked: true,
        notes: t('finance.tuition.sale_note', { months: paying.map((month) => `${month.month_name} ${month.year}`).join(', ') }),
      },
      select: { id: true },
    });
    await recordHistory(tx, { table: 'sales', recordId: sale.id, type: '+', actor, changes: [{ field: 'student_id', old: null, new: student.id }, { field: 'category', old: null, new: 'R' }] });
    for (const month of paying) {
      const concept = conceptById.get(month.concept_id);
      const iva = concept?.iva.toFixed(4) ?? '0.0000';
      const lineTotal = fromCents(cents(month.amount) - cents(month.discount));
      await tx.saleDetail.create({ data: { sale_id: sale.id, concept_id: month.concept_id, description: `${month.concept} ${month.month_name} ${month.year}`.slice(0, 300), qty: 1, amount: month.amount, iva, discount: month.discount, total: lineTotal } });
      if (month.surcharge !== '0.00') {
        // Without a surcharge concept in the price list, the month's own concept carries it.
        await tx.saleDetail.create({
          data: {
            sale_id: sale.id,
            concept_id: surchargeConcept?.id ?? month.concept_id,
            description: t('finance.tuition.surcharge_line', { month: `${month.month_name} ${month.year}` }).slice(0, 300),
            qty: 1,
            amount: month.surcharge,
            iva: surchargeConcept?.iva.toFixed(4) ?? iva,
            discount: '0.00',
            total: month.surcharge,
          },
        });
      }
    }
    await tx.recurrent.updateMany({ where: { id: { in: paying.map((month) => month.id) } }, data: { sale_id: sale.id } });
    await recordHistoryMany(
      tx,
      paying.map((month) => ({ table: 'recurrents', recordId: month.id, type: '~' as const, actor, changes: [{ field: 'sale_id', old: null, new: sale.id }] })),
    );
    await settleSale(tx, actor, sale.id);
    const saved = await tx.sale.findUniqueOrThrow({ where: { id: sale.id }, select: { total_pay: true, total_debt: true } });
    let reference = null;
    if (actor.kind === 'student' && saved.total_debt.greaterThan(0)) {
      const issued = await issueSaleReference(tx, actor, sale.id, t);
      const row = await tx.reference.findUniqueOrThrow({ where: { id: issued.id }, select: { id: true, bank_ref: true, amount: true, vigency: true } });
      reference = { id: row.id, bank_ref: row.bank_ref, amount: row.amount.toFixed(2), vigency: isoDay(row.vigency) };
    }
    return { sale_id: sale.id, total_pay: saved.total_pay.toFixed(2), months: paying.map((month) => month.id), reference };
  });
}


// ---------------------------------------------------------------------------------------------
// Reminders.

/**
 * The students to remind on `day`: active, with an e-mail address, and a month neither paid nor
 * billed whose limit day falls in the current month or earlier.
 */
async function studentsToRemind(day: string): Promise<number[]> {
  const rows = await prisma.$queryRawUnsafe<{ id: number }[]>(
    `SELECT DISTINCT s.id FROM students s
     JOIN recurrents r ON r.student_id = s.id AND r.status AND NOT r.paid
     LEFT JOIN sales v ON v.id = r.sale_id AND v.status
     WHERE s.is_active AND COALESCE(s.email, '') <> '' AND v.id IS NULL
       AND r.limit_date < (date_trunc('month', $1::date) + INTERVAL '1 month')::date
     ORDER BY s.id`,
    day,
  );
  return rows.map((row) => row.id);
}

/**
 * notify/ as a job: an e-mail to each student with months to pay (the months, each one's amount
 * with its surcharge today, the total) through the school's SMTP server. Answers how many were
 * sent and which addresses the server refused.
 */
export async function notifyStudents(report: (done: number, total: number) => Promise<void>) {
  const server = await mailServer();
  if (!server) throw badRequest({ email_host: [msg('finance.tuition.no_smtp')] });
  const day = today();
  const t = translator();
  const ids = await studentsToRemind(day);
  await report(0, ids.length);
  const mails: Mail[] = [];
  for (const id of ids) {
    const student = await studentBuyer(prisma, id);
    const owed = (await studentMonths(prisma, id, { day, student })).filter((month) => month.state === 'LATE' || month.state === 'PENDING');
    if (owed.length === 0 || !student.email) continue;
    const lines = owed.map((month) => t('finance.tuition.mail_line', { month: `${month.month_name} ${month.year}`, limit: formatDate(month.limit_date), amount: formatMoney(month.total) }));
    mails.push({
      to: student.email,
      subject: t('finance.tuition.mail_subject'),
      text: t('finance.tuition.mail_body', { name: [student.names, student.first_name, student.second_name].filter(Boolean).join(' '), no_control: student.no_control, months: lines.join('\n'), total: formatMoney(owedOf(owed).owed) }),
    });
  }
  const result = await sendMails(server, mails, (index) => report(index + 1, mails.length));
  return { students: mails.length, sent: result.sent, failed: result.failed };
}
