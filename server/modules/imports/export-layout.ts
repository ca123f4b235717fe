// Records as an importer's template lays them out: the same Spanish headers, catalogue cells by
// code, dates as dd/mm/yyyy, decimals with a decimal comma, Sí/No. What a school exports from one
// Plantel imports into another, and what the round-trip tests compare (export the demo data,
// import it into an empty database, read the same records back). Read-only.
import ExcelJS from 'exceljs';
import { debtByLine, fromCents, toCents } from '@/lib/finance/balance';
import type { Db } from '@/server/engine/types';
import type { ImporterDefinition } from './definition';
import { WEEK_DAYS } from './academic-catalogs';
import { BALANCE_COLUMNS } from './balances-importer';
import { ENROLMENT_COLUMNS } from './enrolments-importer';
import { GRADE_COLUMNS } from './grades-importer';
import { GROUP_COLUMNS } from './groups-importer';
import { PLAN_COLUMNS } from './plans-importer';

type Cell = string;
export type Layout = { headers: string[]; rows: Cell[][] };

const day = (value: Date | null | undefined) => (value ? value.toISOString().slice(0, 10).split('-').reverse().join('/') : '');
const decimal = (value: { toString(): string } | null | undefined) => (value === null || value === undefined ? '' : value.toString().replace('.', ','));
const yesNo = (value: boolean) => (value ? 'Sí' : 'No');
const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const time = (value: Date) => value.toISOString().slice(11, 16);

function layout(columns: readonly { key: string; es: string }[], records: Record<string, Cell>[]): Layout {
  return { headers: columns.map((column) => column.es), rows: records.map((record) => columns.map((column) => record[column.key] ?? '')) };
}

/** A career's study plans with their subjects, one row per subject (plans with no subject are left out: the importer's row is a subject). */
export async function plansLayout(db: Db, where: { planIds: number[] }): Promise<Layout> {
  const subjects = await db.subject.findMany({
    where: { study_plan_id: { in: where.planIds } },
    orderBy: [{ study_plan_id: 'asc' }, { grade: 'asc' }, { order: 'asc' }, { code: 'asc' }],
    include: { study_plan: { include: { career: { select: { code: true } } } }, serialized: { select: { prerequisite: { select: { code: true } } }, orderBy: { prerequisite: { code: 'asc' } } } },
  });
  return layout(
    PLAN_COLUMNS,
    subjects.map((subject) => {
      const plan = subject.study_plan;
      return {
        career: text(plan.career?.code),
        plan_code: plan.code,
        plan_description: plan.description,
        plan_short_name: text(plan.short_name),
        plan_year: text(plan.year),
        apply_date: day(plan.apply_date),
        end_date: day(plan.end_date),
        is_oficial: yesNo(plan.is_oficial),
        agreement: text(plan.agreement),
        min_approve: decimal(plan.min_approve),
        subject_code: subject.code,
        subject_description: subject.description,
        grade: text(subject.grade),
        hours: text(subject.hours),
        week_hrs: text(subject.week_hrs),
        hours_prct: text(subject.hours_prct),
        credit: decimal(subject.credit),
        order: text(subject.order),
        is_mandatory: yesNo(subject.is_mandatory),
        sep_subject_id: text(subject.sep_subject_id),
        // A prerequisite is exported before the subjects that need it only if it sorts earlier: the
        // order above (grade, order) is the plan's own, where prerequisites come first.
        serialized: subject.serialized.map((link) => link.prerequisite.code).join(', '),
      };
    }),
  );
}

/** Groups with their class slots, one row per slot (a group with none: one row for the group alone). */
export async function groupsLayout(db: Db, where: { groupIds: number[] }): Promise<Layout> {
  const groups = await db.group.findMany({
    where: { id: { in: where.groupIds } },
    orderBy: { id: 'asc' },
    include: {
      career: { select: { code: true } },
      cicle: { select: { description: true } },
      study_plan: { select: { code: true } },
      shift: { select: { description: true } },
      tutor: { select: { code: true } },
      schedules: { where: { status: true }, orderBy: { id: 'asc' }, include: { subject: { select: { code: true } }, teacher: { select: { code: true } }, schedule_hours: { where: { status: true }, orderBy: [{ week_day: 'asc' }, { start_hour: 'asc' }] } } },
    },
  });
  const records: Record<string, Cell>[] = [];
  for (const group of groups) {
    const head = {
      career: text(group.career?.code),
      cicle: group.cicle.description,
      code: group.code,
      grade: text(group.grade),
      letter: group.group,
      plan: text(group.study_plan?.code),
      shift: text(group.shift?.description),
      capacity: text(group.capacity),
      tutor: text(group.tutor?.code),
    };
    const slots = group.schedules.flatMap((lesson) => lesson.schedule_hours.map((hour) => ({ lesson, hour })));
    if (slots.length === 0) records.push(head);
    for (const { lesson, hour } of slots) records.push({ ...head, subject: lesson.subject.code, teacher: text(lesson.teacher?.code), week_day: WEEK_DAYS[hour.week_day - 1] ?? text(hour.week_day), start_hour: time(hour.start_hour), end_hour: time(hour.end_hour) });
  }
  return layout(GROUP_COLUMNS, records);
}

/** The current enrolments of some groups (whole group and single subjects). */
export async function enrolmentsLayout(db: Db, where: { groupIds: number[] }): Promise<Layout> {
  const enrolments = await db.studentGroup.findMany({
    where: { group_id: { in: where.groupIds }, is_current: true, status: true },
    orderBy: { id: 'asc' },
    include: { student: { select: { curp: true, no_control: true } }, group: { select: { code: true, cicle: { select: { description: true } }, career: { select: { code: true } } } }, subject: { select: { code: true } } },
  });
  return layout(
    ENROLMENT_COLUMNS,
    enrolments.map((row) => ({ curp: text(row.student.curp), no_control: row.student.no_control, career: text(row.group.career?.code), cicle: row.group.cicle.description, group: row.group.code, subject: text(row.subject?.code) })),
  );
}

/** The exams of a kardex line, each a row of the grades importer (its exam types by code). */
const EXAMS = [
  { field: 'final_score', code: 'O' },
  { field: 'extra_score', code: 'X' },
  { field: 'ts_score', code: 'T' },
] as const;

/** Some students' kardex lines (subject_cicles) with a score, one row per exam taken; a line with no score yet (a period under way) is no grade to move. */
export async function gradesLayout(db: Db, where: { studentIds: number[] }): Promise<Layout> {
  const lines = await db.subjectCicle.findMany({
    where: { student_id: { in: where.studentIds }, status: true, OR: [{ final_score: { not: null } }, { extra_score: { not: null } }, { ts_score: { not: null } }] },
    orderBy: [{ student_id: 'asc' }, { cicle: { start: 'asc' } }, { subject: { grade: 'asc' } }, { subject: { order: 'asc' } }, { subject: { code: 'asc' } }],
    include: { student: { select: { no_control: true } }, subject: { select: { code: true, study_plan: { select: { code: true } } } }, cicle: { select: { description: true } } },
  });
  const records: Record<string, Cell>[] = [];
  for (const line of lines) {
    for (const exam of EXAMS) {
      const score = line[exam.field];
      if (score === null) continue;
      records.push({ student: line.student.no_control, plan: line.subject.study_plan.code, subject: line.subject.code, cicle: line.cicle.description, exam: exam.code, score: decimal(score) });
    }
  }
  return layout(GRADE_COLUMNS, records);
}

/**
 * What some students owe, as opening balances: each pending sale's debt told per concept by
 * debtByLine (payments and whole-sale discounts settle its first lines first), dated on the sale's
 * day, summed by the importer's natural key (student, concept, period, due date).
 */
export async function balancesLayout(db: Db, where: { studentIds: number[] }): Promise<Layout> {
  const sales = await db.sale.findMany({
    where: { student_id: { in: where.studentIds }, status: true, paid: false, total_debt: { gt: 0 } },
    orderBy: { id: 'asc' },
    select: {
      total_debt: true,
      sale_date: true,
      student: { select: { no_control: true } },
      cicle: { select: { description: true } },
      details: { where: { status: true }, orderBy: { id: 'asc' }, select: { total: true, concept: { select: { code: true } } } },
    },
  });
  const owed = new Map<string, { record: Record<string, Cell>; cents: bigint }>();
  for (const sale of sales) {
    const byLine = debtByLine(toCents(sale.total_debt.toFixed(2)) ?? 0n, sale.details.map((line) => toCents(line.total.toFixed(2)) ?? 0n));
    sale.details.forEach((line, index) => {
      if (byLine[index] === 0n) return;
      const record = { student: sale.student!.no_control, concept: text(line.concept?.code), cicle: text(sale.cicle?.description), due_date: day(sale.sale_date) };
      const key = JSON.stringify(record);
      const known = owed.get(key);
      if (known) known.cents += byLine[index];
      else owed.set(key, { record, cents: byLine[index] });
    });
  }
  const records = [...owed.values()].map(({ record, cents }) => ({ ...record, amount: fromCents(cents).replace('.', ',') }));
  const sortKey = (record: Record<string, Cell>) => [record.student, record.due_date.split('/').reverse().join('-'), record.concept, record.cicle].join('\u0000');
  records.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
  return layout(BALANCE_COLUMNS, records);
}

/** A layout as the xlsx a person fills: the headers on the first row of the first sheet, text cells. */
export async function layoutWorkbook(importer: ImporterDefinition<unknown>, data: Layout): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Plantel';
  const sheet = workbook.addWorksheet('Datos');
  sheet.addRow(data.headers);
  // Text cells, as the template's: codes keep their leading zeros and dates stay dd/mm/yyyy.
  importer.columns.forEach((_column, index) => {
    sheet.getColumn(index + 1).numFmt = '@';
  });
  for (const row of data.rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
