// What a document states about a student, read from the records: the student and the period's
// enrolment (constancia), the period's partial and final scores per subject (boleta), and every
// subject of the kardex with its period, score and credits and the average (certificado). Read
// before the issuing transaction; the statement is then sealed as it was read.
import { isoDay } from '@/lib/dates';
import type { DocumentKind, DocumentStatement, StatementSubject } from '@/lib/documents/statement';
import { statementDate } from '@/lib/documents/statement';
import { type GradeSettings, countingScore, documentScore, gradeSettingsFrom } from '@/lib/grades/score';
import { add, divide, fraction, parseDecimal, roundHalfUp } from '@/lib/grades/decimal';
import { prisma } from '@/server/db/client';
import { conflict, fieldError } from '@/server/errors';
import { kardexData } from '@/server/modules/reports';

/** The school-wide facts every document prints: the institution and the grading scale. */
export type SchoolFacts = { institution: string; settings: GradeSettings };

export async function schoolFacts(): Promise<SchoolFacts> {
  const setting = await prisma.setting.findFirst({ orderBy: { id: 'asc' }, select: { institution_name: true, min_cal: true, max_cal: true, min_approve: true, precision_cal: true, calculate_type: true } });
  return {
    institution: setting?.institution_name || 'Plantel',
    settings: gradeSettingsFrom(
      setting ? { min_cal: setting.min_cal.toFixed(), max_cal: setting.max_cal.toFixed(), min_approve: setting.min_approve.toFixed(), precision_cal: setting.precision_cal, calculate_type: setting.calculate_type } : null,
    ),
  };
}

/** Everything a statement says but its type, folio, date, text and signer, and the values its template is filled with. */
export type StudentFacts = {
  cicle_id: number | null;
  statement: Pick<DocumentStatement, 'institution' | 'holder' | 'career' | 'period' | 'enrolment' | 'subjects' | 'partials' | 'summary'>;
  values: Record<string, string>;
};

const fullName = (student: { names: string; first_name: string; second_name: string | null }) => [student.names, student.first_name, student.second_name].filter(Boolean).join(' ');

const enrolmentSelect = {
  subject_id: true,
  group: {
    select: {
      id: true,
      code: true,
      grade: true,
      group: true,
      career: { select: { name: true } },
      cicle: { select: { id: true, description: true, start: true, end: true, partials: true } },
    },
  },
} as const;

/** The student's enrolments in a period (or, without one, in the period of their current group). */
async function periodEnrolments(student: { id: number; current_group_id: number | null }, cicleId: number | null) {
  let cicle = cicleId;
  if (cicle === null) {
    const current = student.current_group_id ? await prisma.group.findUnique({ where: { id: student.current_group_id }, select: { cicle_id: true } }) : null;
    const latest = current ?? (await prisma.studentGroup.findFirst({ where: { student_id: student.id, status: true }, orderBy: [{ group: { cicle: { start: 'desc' } } }, { id: 'desc' }], select: { group: { select: { cicle_id: true } } } }))?.group;
    if (!latest) throw conflict('documents.errors.not_enrolled');
    cicle = latest.cicle_id;
  }
  const rows = await prisma.studentGroup.findMany({ where: { student_id: student.id, status: true, group: { cicle_id: cicle } }, orderBy: [{ is_current: 'desc' }, { id: 'desc' }], select: enrolmentSelect });
  if (!rows.length) throw conflict('documents.errors.not_enrolled');
  return rows;
}

function average(scores: (string | null | undefined)[], places: number): string | null {
  const taken = scores.map((score) => (score ? parseDecimal(score) : null)).filter((score) => score !== null);
  if (!taken.length) return null;
  return roundHalfUp(divide(taken.reduce((sum, score) => add(sum, score!), fraction(0n)), BigInt(taken.length)), places);
}

const decimalText = (value: { toFixed: () => string } | null): string | null => (value === null ? null : value.toFixed());

/** A report card's subjects: the period's schedules the student is enrolled in, with their partials and final. */
async function reportCardSubjects(studentId: number, enrolments: Awaited<ReturnType<typeof periodEnrolments>>, school: SchoolFacts): Promise<{ subjects: StatementSubject[]; partials: number }> {
  const cicle = enrolments[0].group.cicle;
  const groups = [...new Set(enrolments.map((row) => row.group.id))];
  const [schedules, scores] = await Promise.all([
    prisma.schedule.findMany({ where: { group_id: { in: groups } }, select: { id: true, group_id: true, subject_id: true, subject: { select: { code: true, description: true, order: true } } }, orderBy: [{ subject: { order: 'asc' } }, { subject: { code: 'asc' } }] }),
    prisma.mainScore.findMany({ where: { student_id: studentId, cicle_id: cicle.id }, select: { schedule_id: true, ord_1: true, ord_2: true, ord_3: true, ord_4: true, has_np: true, final: true, extra: true, ts: true } }),
  ]);
  const bySchedule = new Map(scores.map((row) => [row.schedule_id, row]));
  const taken = schedules.filter((schedule) => enrolments.some((row) => row.group.id === schedule.group_id && (row.subject_id === null || row.subject_id === schedule.subject_id)));
  const partials = Math.min(Math.max(cicle.partials, 1), 4);
  const shown = (score: string | null) => (score === null ? null : documentScore(score, school.settings));
  const subjects = taken.map((schedule): StatementSubject => {
    const row = bySchedule.get(schedule.id);
    const ords = row ? [row.ord_1, row.ord_2, row.ord_3, row.ord_4].slice(0, partials).map(decimalText) : Array.from({ length: partials }, () => null);
    // The score that counts: a passed extra or T.S. replaces a failed final (design/domain.md).
    const best = row ? countingScore({ final: decimalText(row.final), extra: decimalText(row.extra), ts: decimalText(row.ts) }) : null;
    return { code: schedule.subject.code, name: schedule.subject.description, partials: ords.map(shown), final: shown(best) };
  });
  return { subjects, partials };
}

/** Reads what a document of `kind` states about a student (404 unknown student, 409 without the facts it needs). */
export async function studentFacts(kind: DocumentKind, studentId: number, cicleId: number | null, school: SchoolFacts): Promise<StudentFacts> {
  const student = await prisma.student.findUnique({
    where: { id: studentId },
    select: { id: true, no_control: true, names: true, first_name: true, second_name: true, curp: true, current_group_id: true, career: { select: { name: true } } },
  });
  if (!student) throw fieldError('student_id', 'errors.not_found');
  const holder = { name: fullName(student), no_control: student.no_control, curp: student.curp };
  const values: Record<string, string> = { nombre: holder.name, no_control: holder.no_control, curp: holder.curp ?? '—', institucion: school.institution };

  if (kind === 'CERTIFICADO') {
    const kardex = await kardexData(student.id);
    const rows = kardex.summary.grades.flatMap((grade) => grade.rows);
    if (!rows.length) throw conflict('documents.errors.no_subjects');
    const subjects = rows.map(
      (row): StatementSubject => ({
        code: row.code,
        name: row.description,
        grade: row.grade,
        period: row.final_score === null ? row.cicle_description : ((row.ts_score === row.final_score ? row.ts_cicle_description : row.extra_score === row.final_score ? row.extra_cicle_description : row.cicle_description) ?? row.cicle_description),
        score: row.final_score === null ? null : documentScore(row.final_score, school.settings),
        credits: row.credit,
      }),
    );
    const career = student.career?.name ?? null;
    Object.assign(values, { carrera: career ?? '—', promedio: kardex.summary.average ?? '—', creditos: kardex.summary.credits });
    return {
      cicle_id: null,
      statement: { institution: school.institution, holder, career, period: null, enrolment: null, subjects, partials: null, summary: { average: kardex.summary.average, credits: kardex.summary.credits } },
      values,
    };
  }

  const enrolments = await periodEnrolments(student, cicleId);
  const { group } = enrolments[0];
  const period = { description: group.cicle.description, start: isoDay(group.cicle.start), end: isoDay(group.cicle.end) };
  const career = group.career?.name ?? student.career?.name ?? null;
  const enrolment = { grade: group.grade, group: group.code };
  Object.assign(values, { carrera: career ?? '—', grado: String(group.grade), grupo: group.code, periodo: `${period.description} (${statementDate(period.start)} al ${statementDate(period.end)})` });
  if (kind === 'CONSTANCIA') {
    return { cicle_id: group.cicle.id, statement: { institution: school.institution, holder, career, period, enrolment, subjects: null, partials: null, summary: null }, values };
  }
  const { subjects, partials } = await reportCardSubjects(student.id, enrolments, school);
  if (!subjects.length) throw conflict('documents.errors.no_subjects');
  const periodAverage = average(subjects.map((subject) => subject.final), school.settings.precision_cal);
  values.promedio = periodAverage ?? '—';
  return { cicle_id: group.cicle.id, statement: { institution: school.institution, holder, career, period, enrolment, subjects, partials, summary: { average: periodAverage, credits: null } }, values };
}

/** 404 when a named period does not exist (before any enrolment is looked for). */
export async function checkCicle(cicleId: number | null): Promise<void> {
  if (cicleId === null) return;
  if (!(await prisma.cicle.findUnique({ where: { id: cicleId }, select: { id: true } }))) throw fieldError('cicle_id', 'errors.not_found');
}
