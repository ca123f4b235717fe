// The academic history. Students enter in cohorts (one intake a year, in August) and move up one
// grade per period keeping their group letter, so each group of the active period has its
// ancestors in the two earlier periods (last_group). From that follow the enrolments, the weekly
// schedule of every group (teachers never double-booked), the partial scores, finals, extra and
// T.S. exams, recourses, period averages, withdrawals, graduations and titles.
import { type Day, dayOf, iso } from '../calendar';
import type { Context, Person } from '../context';
import { divRound, tenths } from '../money';
import type { Rng } from '../prng';
import type { Accounts } from './accounts';
import type { CareerModel, CicleModel, Institution, PartialModel, SubjectModel } from './institution';
import type { Reference } from './reference';
import type { SalesBook } from './sales';
import type { Faculty, TeacherModel } from './teachers';

export type GroupModel = {
  id: number;
  code: string;
  grade: number;
  letter: number;
  cicle: CicleModel;
  career: CareerModel;
  shiftIndex: number;
  tutorId: number | null;
  lastGroup: GroupModel | null;
  schedules: ScheduleModel[];
  members: StudentModel[];
  /** students who take only one subject here (irregular), and the schedule of that subject */
  retakes: { student: StudentModel; schedule: ScheduleModel }[];
  bossId: number | null;
};

export type ScheduleModel = { id: number; group: GroupModel; subject: SubjectModel; teacherId: number | null; useFactors: boolean; lateNo: number | null };

export type Outcome = 'active' | 'graduated' | 'dropped';

export type StudentModel = {
  id: number;
  serial: number;
  noControl: string;
  person: Person;
  career: CareerModel;
  cohort: number;
  letter: number;
  entryYear: number;
  ability: number;
  /** group attended in each period index (0..2), null when not enrolled */
  history: (GroupModel | null)[];
  /** group the student was enrolled in and left for another at the start of the active period */
  movedFrom: GroupModel | null;
  outcome: Outcome;
  /** period index after which the student left; 2 means during the active period */
  droppedIn: number | null;
  irregular: boolean;
  isDemo: boolean;
  email: string;
  userId: number;
  curp: string | null;
  schoolId: number | null;
  homeLada: string;
  periodAverages: Map<number, number>;
  /** subjects failed and not recovered yet */
  pending: { subject: SubjectModel; cicle: CicleModel; schedule: ScheduleModel }[];
  revalid: boolean;
  reentry: boolean;
  titleStatus: string | null;
};

export type Academics = {
  groups: GroupModel[];
  students: StudentModel[];
  activeStudents: StudentModel[];
  currentSchedules: ScheduleModel[];
  demoStudent: StudentModel;
  coordinatorOf: (campusIndex: number) => number;
  controlOf: (campusIndex: number) => number;
  cashierOf: (campusIndex: number) => number;
};

const LETTERS = 'ABCDEFGHIJ';
const TENTHS = Array.from({ length: 101 }, (_, value) => tenths(value));
const WEEK_SLOTS = 8 * 24;

type Busy = Uint8Array;

function clampTenths(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

export function buildAcademics(ctx: Context, reference: Reference, institution: Institution, faculty: Faculty, accounts: Accounts, sales: SalesBook, demo: { student: { names: string; first: string; second: string; email: string; username: string } }): Academics {
  const t = ctx.tables;
  const rng = ctx.rng.fork('academics');
  const today = ctx.today;
  const year = ctx.year;
  const letters = ctx.config.lettersByAge;
  const staffOf = (role: string, campusIndex: number) => accounts.staff.find((member) => member.role === role && member.campusIndex === campusIndex)?.userId ?? accounts.byUsername.get('admin') ?? 1;
  const coordinatorOf = (campusIndex: number) => staffOf('coordinacion', campusIndex);
  const controlOf = (campusIndex: number) => staffOf('control_escolar', campusIndex);
  const cashierOf = (campusIndex: number) => staffOf('finanzas', campusIndex);
  const demoTeacher = faculty.demoTeacher;

  // Groups of every cohort and letter in every period, oldest period first so last_group points back.
  const groups: GroupModel[] = [];
  const lineage = new Map<string, GroupModel>();
  const key = (career: CareerModel, cohort: number, letter: number, period: number) => `${career.id}/${cohort}/${letter}/${period}`;
  for (let period = 0; period < 3; period += 1) {
    for (const campus of institution.campuses) {
      const cicle = campus.cicles[period];
      campus.careers.forEach((career, careerOrder) => {
        letters.forEach((count, cohort) => {
          const grade = period - (2 - 2 * cohort) + 1;
          if (grade < 1 || grade > career.data.grades) return;
          for (let letter = 0; letter < count; letter += 1) {
            const shiftIndex = letter >= 3 ? 1 : count === 1 && careerOrder % 3 === 2 ? 1 : 0;
            const lastGroup = lineage.get(key(career, cohort, letter, period - 1)) ?? null;
            const isDemoGroup = period === 2 && career === institution.careers[0] && grade === 1 && letter === 0;
            const tutors = faculty.byCampus[campus.index].filter((teacher) => !teacher.reserved && teacher.careerIds.includes(career.id) && (teacher.active || period < 2));
            const tutorId = isDemoGroup ? demoTeacher.id : tutors.length > 0 && rng.chance(0.8) ? rng.pick(tutors).id : null;
            const code = `${career.code}-${grade}${LETTERS[letter]}`;
            const id = t.groups.add(
              {
                code,
                grade,
                group: LETTERS[letter],
                shift_id: reference.shifts[shiftIndex].id,
                cicle_id: cicle.id,
                tutor_id: tutorId,
                boss_id: null,
                career_id: career.id,
                study_plan_id: career.planId,
                last_group_id: lastGroup?.id ?? null,
                capacity: ctx.options.size === 'demo' ? 30 : 40,
                average: null,
              },
              ctx.stampAt(cicle.start - rng.int(20, 40), 10 * 60),
            );
            const group: GroupModel = { id, code, grade, letter, cicle, career, shiftIndex, tutorId, lastGroup, schedules: [], members: [], retakes: [], bossId: null };
            lineage.set(key(career, cohort, letter, period), group);
            groups.push(group);
          }
        });
      });
    }
  }

  // Students of each cohort and letter.
  const students: StudentModel[] = [];
  const serials = new Map<number, number>();
  const nextSerial = (entryYear: number) => {
    const value = (serials.get(entryYear) ?? 0) + 1;
    serials.set(entryYear, value);
    return value;
  };
  let demoStudent: StudentModel | null = null;
  const [meanSize, sdSize] = ctx.config.groupSize;
  for (const campus of institution.campuses) {
    for (const career of campus.careers) {
      letters.forEach((count, cohort) => {
        const entryPeriod = 2 - 2 * cohort;
        const periods = [0, 1, 2].filter((p) => {
          const grade = p - entryPeriod + 1;
          return grade >= 1 && grade <= career.data.grades;
        });
        if (periods.length === 0) return;
        const entryYear = year - cohort;
        for (let letter = 0; letter < count; letter += 1) {
          const size = Math.max(10, Math.min(38, Math.round(rng.normal(meanSize, sdSize))));
          for (let n = 0; n < size; n += 1) {
            const isDemo = demoStudent === null && career === institution.careers[0] && cohort === 0 && letter === 0;
            const person: Person = isDemo
              ? { names: demo.student.names, first: demo.student.first, second: demo.student.second, sex: 'M', birthday: dayOf(entryYear - 18, 3, 12), stateIndex: 13, placeBirthId: ctx.stateIds[13], nationId: ctx.countryIds.get('MEX') ?? 1, foreign: false }
              : ctx.person(rng, { born: rng.chance(0.05) ? [entryYear - 28, entryYear - 20] : [entryYear - 19, entryYear - 18], femaleShare: career.femaleShare, foreignShare: 0.012 });
            const serial = nextSerial(entryYear);
            const id = t.students.reserve();
            const history: (GroupModel | null)[] = [null, null, null];
            let outcome: Outcome = 'active';
            let droppedIn: number | null = null;
            for (const period of periods) {
              history[period] = lineage.get(key(career, cohort, letter, period)) ?? null;
              const isLast = period === periods[periods.length - 1];
              if (!isDemo && period < 2 && !isLast && rng.chance(0.025)) {
                outcome = 'dropped';
                droppedIn = period;
                break;
              }
              if (isLast && period < 2) outcome = 'graduated';
            }
            if (outcome === 'active' && !isDemo && rng.chance(0.005)) {
              outcome = 'dropped';
              droppedIn = 2;
            }
            const model: StudentModel = {
              id,
              serial,
              noControl: `${entryYear}${String(serial).padStart(4, '0')}`,
              person,
              career,
              cohort,
              letter,
              entryYear,
              ability: isDemo ? 9.1 : Math.max(4.8, Math.min(9.8, rng.normal(8.05, 0.82))),
              history,
              movedFrom: null,
              outcome,
              droppedIn,
              irregular: false,
              isDemo,
              email: isDemo ? demo.student.email : '',
              userId: 0,
              curp: null,
              schoolId: null,
              homeLada: '33',
              periodAverages: new Map(),
              pending: [],
              revalid: !isDemo && cohort >= 2 && rng.chance(ctx.options.size === 'demo' ? 0.06 : 0.02),
              reentry: !isDemo && rng.chance(0.008),
              titleStatus: null,
            };
            if (isDemo) demoStudent = model;
            students.push(model);
          }
        }
      });
    }
  }
  if (!demoStudent) throw new Error('The demo student was not placed');
  // The demo student is the first enrolled of this year's intake: control number <year>0001.
  const firstOfYear = students.find((student) => student.entryYear === year && student.serial === 1);
  const demoModel: StudentModel = demoStudent;
  if (firstOfYear && firstOfYear !== demoModel) {
    const serial = demoModel.serial;
    firstOfYear.serial = serial;
    firstOfYear.noControl = `${year}${String(serial).padStart(4, '0')}`;
    demoModel.serial = 1;
    demoModel.noControl = `${year}0001`;
  }

  // At the start of the active period a few students change to another letter of their cohort.
  for (const student of students) {
    const current = student.history[2];
    if (!current || student.isDemo || student.outcome !== 'active') continue;
    const count = letters[student.cohort];
    if (count < 2 || !rng.chance(ctx.options.size === 'demo' ? 0.06 : 0.015)) continue;
    const other = (student.letter + rng.int(1, count - 1)) % count;
    const target = lineage.get(key(student.career, student.cohort, other, 2));
    if (!target) continue;
    student.movedFrom = current;
    student.history[2] = target;
  }
  for (const student of students) for (const group of student.history) if (group) group.members.push(student);

  // Weekly schedules: each subject of each group gets a teacher of its career (or of the campus)
  // and class hours inside the group's shift that neither the group nor the teacher has taken.
  const currentSchedules: ScheduleModel[] = [];
  for (let period = 0; period < 3; period += 1) {
    for (const campus of institution.campuses) {
      const teacherBusy = new Map<number, Busy>();
      const teacherLoad = new Map<number, number>();
      const pool = faculty.byCampus[campus.index].filter((teacher) => !teacher.reserved && (period < 2 || teacher.active));
      const campusGroups = groups.filter((group) => group.cicle === campus.cicles[period]);
      // The demo group first, so the demo teacher gets its first subjects.
      campusGroups.sort((a, b) => Number(b.tutorId === demoTeacher.id && b.cicle.active) - Number(a.tutorId === demoTeacher.id && a.cicle.active));
      for (const group of campusGroups) {
        const groupBusy: Busy = new Uint8Array(WEEK_SLOTS);
        const shiftStart = reference.shifts[group.shiftIndex].startHour;
        const isDemoGroup = group.cicle.active && group.tutorId === demoTeacher.id;
        const subjects = group.career.subjectsByGrade[group.grade] ?? [];
        subjects.forEach((subject, index) => {
          const blocks = subject.weekHrs === 4 ? [2, 2] : subject.weekHrs === 3 ? [2, 1] : [1, 1];
          const candidates: TeacherModel[] = [];
          if (isDemoGroup && index < 2) candidates.push(demoTeacher);
          else {
            const ofCareer = rng.shuffle(pool.filter((teacher) => teacher.careerIds.includes(group.career.id)));
            ofCareer.sort((a, b) => (teacherLoad.get(a.id) ?? 0) - (teacherLoad.get(b.id) ?? 0));
            candidates.push(...ofCareer.slice(0, 6));
            const others = rng.shuffle(pool.filter((teacher) => !teacher.careerIds.includes(group.career.id)));
            others.sort((a, b) => (teacherLoad.get(a.id) ?? 0) - (teacherLoad.get(b.id) ?? 0));
            candidates.push(...others.slice(0, 8));
          }
          let placed: { teacher: TeacherModel | null; slots: [number, number, number][] } | null = null;
          for (const teacher of candidates) {
            const load = teacherLoad.get(teacher.id) ?? 0;
            if (load + subject.weekHrs > 40) continue;
            let busy = teacherBusy.get(teacher.id);
            if (!busy) {
              busy = new Uint8Array(WEEK_SLOTS);
              teacherBusy.set(teacher.id, busy);
            }
            const slots = place(rng, blocks, shiftStart, groupBusy, busy);
            if (slots) {
              placed = { teacher, slots };
              break;
            }
          }
          if (!placed) {
            const slots = place(rng, blocks, shiftStart, groupBusy, null);
            placed = { teacher: null, slots: slots ?? [] };
          }
          for (const [day, start, length] of placed.slots) {
            for (let h = start; h < start + length; h += 1) {
              groupBusy[day * 24 + h] = 1;
              if (placed.teacher) (teacherBusy.get(placed.teacher.id) as Busy)[day * 24 + h] = 1;
            }
          }
          if (placed.teacher) teacherLoad.set(placed.teacher.id, (teacherLoad.get(placed.teacher.id) ?? 0) + subject.weekHrs);
          const useFactors = group.cicle.active && !isDemoGroup && rng.chance(0.08);
          const id = t.schedules.add(
            {
              group_id: group.id,
              teacher_id: placed.teacher?.id ?? null,
              subject_id: subject.id,
              is_modular: false,
              is_recover: false,
              notes: placed.teacher ? null : 'Docente por asignar',
              date_to: null,
              date_from: null,
              hours: subject.hours,
              use_factors: useFactors,
            },
            ctx.stampAt(group.cicle.start - rng.int(5, 15), 11 * 60),
          );
          for (const [day, start, length] of placed.slots) {
            t.schedule_hours.add({ schedule_id: id, week_day: day, start_hour: `${String(start).padStart(2, '0')}:00:00`, end_hour: `${String(start + length).padStart(2, '0')}:00:00`, total_minutes: length * 60 });
          }
          const schedule: ScheduleModel = { id, group, subject, teacherId: placed.teacher?.id ?? null, useFactors, lateNo: null };
          group.schedules.push(schedule);
          if (group.cicle.active) currentSchedules.push(schedule);
        });
      }
    }
  }

  // Which ordinary partials of the active period are captured by now.
  const captureShare = (partial: PartialModel) => (today > partial.endEval ? 1 : today < partial.startEval ? 0 : (today - partial.startEval + 1) / (partial.endEval - partial.startEval + 1));
  // Some teachers are late with the last closed partial; the coordinator opens an extension.
  for (const schedule of currentSchedules) {
    if (!schedule.teacherId || schedule.group.tutorId === demoTeacher.id || !rng.chance(0.02)) continue;
    const closed = schedule.group.cicle.partials.filter((partial) => partial.type === 'O' && partial.no <= 4 && captureShare(partial) === 1);
    const last = closed[closed.length - 1];
    if (!last) continue;
    schedule.lateNo = last.no;
    t.period_exceptions.add(
      { start: iso(today - 1), end: iso(today + 4), schedule_id: schedule.id, partial_id: last.id, user_id: coordinatorOf(schedule.group.cicle.campus.index), notes: rng.pick(['Prórroga por incapacidad médica del docente.', 'Prórroga autorizada por coordinación: examen reprogramado.', 'Ampliación de captura solicitada por el docente.']) },
      ctx.stampAt(today - 1, 10 * 60),
    );
  }

  const captureStamp = new Map<string, string>();
  const stampFor = (schedule: ScheduleModel, partial: PartialModel) => {
    const k = `${schedule.id}/${partial.id}`;
    let value = captureStamp.get(k);
    if (!value) {
      const day = Math.min(today, partial.startEval + rng.int(0, Math.max(0, partial.endEval - partial.startEval)));
      value = ctx.stampAt(day, ctx.officeMinute(rng));
      captureStamp.set(k, value);
    }
    return value;
  };
  const addScore = (partial: PartialModel, student: StudentModel, schedule: ScheduleModel, value: number | null, np: boolean) => {
    return t.scores.add({ partial_id: partial.id, student_id: student.id, schedule_id: schedule.id, score: value === null ? null : TENTHS[value], is_np: np }, stampFor(schedule, partial));
  };
  const trackable: { scoreId: number; value: number; schedule: ScheduleModel; partial: PartialModel }[] = [];

  /** Ordinary partial scores of one student in one schedule, in tenths: NP counts 0, not captured is null. */
  const partialScores = (student: StudentModel, schedule: ScheduleModel, mean: number, captured: (partial: PartialModel) => boolean): (number | null)[] => {
    const values: (number | null)[] = [];
    for (const partial of schedule.group.cicle.partials) {
      if (partial.type !== 'O' || partial.no > 4) continue;
      if (!captured(partial)) {
        values.push(null);
        continue;
      }
      const np = rng.chance(0.004);
      if (schedule.useFactors) {
        values.push(factorPartial(student, schedule, partial, mean));
        continue;
      }
      const value = np ? null : clampTenths((mean + rng.normal(0, 0.6)) * 10);
      const scoreId = addScore(partial, student, schedule, value, np);
      if (value !== null && rng.chance(0.004)) trackable.push({ scoreId, value, schedule, partial });
      values.push(np ? 0 : value);
    }
    return values;
  };

  // Evaluation factors: three weighted criteria (and sometimes attendance, which the formula
  // leaves out); the partial score is sum(score × weight) / 100, rounded to one decimal.
  const factorSets = [
    [['Examen parcial', 50], ['Tareas y prácticas', 30], ['Participación', 20]],
    [['Examen parcial', 40], ['Proyecto', 40], ['Tareas', 20]],
    [['Examen', 60], ['Prácticas de laboratorio', 25], ['Exposición', 15]],
  ] as const;
  const factorsOf = new Map<string, { id: number; value: number; attendance: boolean }[]>();
  const factorsFor = (schedule: ScheduleModel, partial: PartialModel, moved: boolean) => {
    const k = `${schedule.id}/${partial.id}`;
    let list = factorsOf.get(k);
    if (!list) {
      const set = factorSets[schedule.id % factorSets.length];
      list = set.map(([name, value]) => ({ id: t.factors.add({ name, schedule_id: schedule.id, is_attendance: false, value: `${value}.00`, block: moved, partial_id: partial.id }, stampFor(schedule, partial)), value, attendance: false }));
      if (schedule.id % 3 === 0) list.push({ id: t.factors.add({ name: 'Asistencia', schedule_id: schedule.id, is_attendance: true, value: '0.00', block: moved, partial_id: partial.id }, stampFor(schedule, partial)), value: 0, attendance: true });
      factorsOf.set(k, list);
    }
    return list;
  };
  const factorPartial = (student: StudentModel, schedule: ScheduleModel, partial: PartialModel, mean: number): number => {
    const list = factorsFor(schedule, partial, true);
    let weighted = 0;
    for (const factor of list) {
      const value = factor.attendance ? clampTenths(rng.normal(92, 6)) : clampTenths((mean + rng.normal(0, 0.8)) * 10);
      t.factor_scores.add({ factor_id: factor.id, student_id: student.id, score: TENTHS[value] }, stampFor(schedule, partial));
      if (!factor.attendance) weighted += value * factor.value;
    }
    const score = clampTenths(divRound(weighted, 100));
    addScore(partial, student, schedule, score, false);
    return score;
  };

  const meanFor = (student: StudentModel, subject: SubjectModel, drift: number) => student.ability + subject.difficulty + drift + rng.normal(0, 0.35);
  const extraSales: { student: StudentModel; schedule: ScheduleModel; category: 'X' | 'T'; exam: Day; score: number | null; status: 'GRADED' | 'CANCELLED' | 'REQ' | 'PAID' | 'APPROVED'; deleted: boolean }[] = [];

  for (const group of groups) {
    const cicle = group.cicle;
    const finalPartial = cicle.partials.find((partial) => partial.no === 7) as PartialModel;
    const extraPartial = cicle.partials.find((partial) => partial.no === 5) as PartialModel;
    const tsPartial = cicle.partials.find((partial) => partial.no === 6) as PartialModel;
    let groupSum = 0;
    let groupCount = 0;
    for (const student of group.members) {
      const drift = rng.normal(0, 0.25);
      const leftMidPeriod = cicle.active && student.droppedIn === 2;
      const periodRefs: number[] = [];
      for (const schedule of group.schedules) {
        const mean = meanFor(student, schedule.subject, drift);
        if (cicle.active) {
          const firstPartial = cicle.partials.find((partial) => partial.no === 1) as PartialModel;
          const values = partialScores(student, schedule, mean, (partial) => {
            if (leftMidPeriod && partial !== firstPartial) return false;
            if (schedule.lateNo === partial.no) return false;
            const share = captureShare(partial);
            return share >= 1 || (share > 0 && (schedule.id * 7919) % 100 < share * 100);
          });
          const captured = values.filter((value): value is number => value !== null);
          for (const value of captured) {
            groupSum += value;
            groupCount += 1;
          }
          // Factors of the partial in progress exist before its scores are moved.
          if (schedule.useFactors) {
            const open = cicle.partials.find((partial) => partial.type === 'O' && partial.no <= 4 && partial.start <= today && today <= partial.end && captureShare(partial) < 1);
            if (open) {
              const first = factorsFor(schedule, open, false)[0];
              if (first && rng.chance(0.6)) t.factor_scores.add({ factor_id: first.id, student_id: student.id, score: TENTHS[clampTenths((mean + rng.normal(0, 0.8)) * 10)] }, ctx.stampAt(today - 1, 12 * 60));
            }
          }
          t.subject_cicles.add({ student_id: student.id, group_id: group.id, cicle_id: cicle.id, subject_id: schedule.subject.id, final_score: null, extra_score: null, ts_score: null, subject_type: 'Ordinario', type_score: 'General' }, ctx.stampAt(cicle.start - 3, 9 * 60));
          continue;
        }
        const values = partialScores(student, schedule, mean, () => true);
        const final = divRound(values.reduce<number>((sum, value) => sum + (value ?? 0), 0), 4);
        addScore(finalPartial, student, schedule, final, false);
        let extra: number | null = null;
        let ts: number | null = null;
        if (final < 60) {
          const requested = rng.chance(0.88);
          const paid = requested && rng.chance(0.9);
          if (requested && !paid) extraSales.push({ student, schedule, category: 'X', exam: extraPartial.start + rng.int(1, 6), score: null, status: 'CANCELLED', deleted: false });
          if (paid) {
            extra = clampTenths((student.ability + schedule.subject.difficulty + 0.3 + rng.normal(0, 1.1)) * 10);
            addScore(extraPartial, student, schedule, extra, false);
            extraSales.push({ student, schedule, category: 'X', exam: extraPartial.start + rng.int(1, 6), score: extra, status: 'GRADED', deleted: false });
            if (extra < 60 && rng.chance(0.6)) {
              ts = clampTenths((student.ability + schedule.subject.difficulty + 0.6 + rng.normal(0, 1)) * 10);
              addScore(tsPartial, student, schedule, ts, false);
              extraSales.push({ student, schedule, category: 'T', exam: tsPartial.start + rng.int(1, 6), score: ts, status: 'GRADED', deleted: false });
            }
          }
          if (Math.max(final, extra ?? 0, ts ?? 0) < 60) student.pending.push({ subject: schedule.subject, cicle, schedule });
        }
        const best = Math.max(final, extra ?? 0, ts ?? 0);
        periodRefs.push(best);
        groupSum += final;
        groupCount += 1;
        t.subject_cicles.add(
          { student_id: student.id, group_id: group.id, cicle_id: cicle.id, subject_id: schedule.subject.id, final_score: TENTHS[final], extra_score: extra === null ? null : TENTHS[extra], ts_score: ts === null ? null : TENTHS[ts], subject_type: 'Ordinario', type_score: 'General' },
          ctx.stampAt(cicle.end + 2, 9 * 60),
        );
      }
      if (!cicle.active && periodRefs.length > 0) {
        const average = divRound(periodRefs.reduce((sum, value) => sum + value, 0) * 10, periodRefs.length);
        student.periodAverages.set(cicle.index, average);
        const failed = periodRefs.some((value) => value < 60);
        t.student_periods.add({ student_id: student.id, cicle_id: cicle.id, score: (average / 100).toFixed(2), check: true, warning: failed || average < 700 }, ctx.stampAt(cicle.end + 7, 9 * 60));
      }
    }
    if (groupCount > 0) t.groups.set(group.id - 1, 'average', (groupSum / groupCount / 10).toFixed(2));
  }

  // Failed subjects of last year's August period are retaken in this period's group of that grade
  // (recursamiento): the student takes just that subject there.
  for (const student of students) {
    if (student.outcome !== 'active' || !student.history[2]) continue;
    const still: StudentModel['pending'] = [];
    for (const failed of student.pending) {
      const target = failed.cicle.index === 0 ? groups.find((group) => group.cicle.active && group.career === student.career && group.grade === failed.subject.grade && group.letter === 0) : undefined;
      const schedule = target?.schedules.find((s) => s.subject.id === failed.subject.id);
      if (!target || !schedule) {
        still.push(failed);
        continue;
      }
      target.retakes.push({ student, schedule });
      const drift = rng.normal(0.3, 0.25);
      const values = partialScores(student, schedule, meanFor(student, schedule.subject, drift), (partial) => captureShare(partial) >= 1 && schedule.lateNo !== partial.no);
      t.subject_cicles.add({ student_id: student.id, group_id: target.id, cicle_id: target.cicle.id, subject_id: failed.subject.id, final_score: null, extra_score: null, ts_score: null, subject_type: 'Recursamiento', type_score: 'General' }, ctx.stampAt(target.cicle.start - 3, 9 * 60));
      const [p1, p2, p3, p4] = values;
      t.recourses.add(
        {
          student_id: student.id,
          notes: 'Recursa la asignatura reprobada en extraordinario y título de suficiencia.',
          cicle_from_id: failed.cicle.id,
          cicle_to_id: target.cicle.id,
          group_id: target.id,
          subject_id: failed.subject.id,
          partial_1: p1 === null || p1 === undefined ? null : TENTHS[p1],
          partial_2: p2 === null || p2 === undefined ? null : TENTHS[p2],
          partial_3: p3 === null || p3 === undefined ? null : TENTHS[p3],
          partial_4: p4 === null || p4 === undefined ? null : TENTHS[p4],
          final: null,
          extra: null,
          score: null,
          type: 'Recursamiento',
        },
        ctx.stampAt(target.cicle.start - 5, 10 * 60),
      );
      student.irregular = true;
    }
    // Subjects of January-June still failed: the student asks for a T.S. this period.
    for (const failed of still) {
      student.irregular = true;
      if (failed.cicle.index !== 1) {
        t.recourses.add(
          { student_id: student.id, notes: 'Pendiente de recursar cuando se abra la asignatura.', cicle_from_id: failed.cicle.id, cicle_to_id: null, group_id: null, subject_id: failed.subject.id, partial_1: null, partial_2: null, partial_3: null, partial_4: null, final: null, extra: null, score: null, type: 'Pendiente' },
          ctx.stampAt(failed.cicle.end + 20, 10 * 60),
        );
        continue;
      }
      const roll = rng.next();
      const status = roll < 0.3 ? 'REQ' : roll < 0.6 ? 'PAID' : 'APPROVED';
      extraSales.push({ student, schedule: failed.schedule, category: 'T', exam: today + rng.int(3, 15), score: null, status, deleted: status === 'REQ' && rng.chance(0.1) });
    }
  }

  // Extraordinary and T.S. requests with their payment.
  for (const request of extraSales) {
    const { student, schedule } = request;
    const campus = student.career.campus;
    const cicle = schedule.group.cicle;
    const concepts = cicle.year < year ? campus.oldConcepts : campus.concepts;
    const concept = concepts.get(request.category === 'X' ? 'EXT' : 'TS');
    if (!concept) throw new Error('Exam concepts missing');
    const requestDay = Math.min(today, request.exam - rng.int(5, 12));
    const graded = request.status === 'GRADED';
    const payNow = graded || request.status === 'PAID' || request.status === 'APPROVED';
    const sale =
      request.status === 'REQ'
        ? null
        : sales.add({
            studentId: student.id,
            aspirantId: null,
            client: fullName(student.person),
            cicleId: cicle.id,
            careerId: student.career.id,
            userId: cashierOf(campus.index),
            date: requestDay,
            category: 'C',
            saleType: 'ventanilla',
            lines: [{ conceptId: concept.id, description: `${concept.description}: ${schedule.subject.name}`, qty: 1, amount: concept.amount, ivaBasisPoints: 0, discount: 0 }],
            plan: { share: payNow ? 'full' : 'none', count: 1, method: rng.pick(['01', '01', '28', '03']), firstDay: requestDay, spreadDays: 0 },
            cancelled: request.status === 'CANCELLED' ? { day: Math.min(today, requestDay + 5), notes: 'El alumno no realizó el pago del examen.' } : null,
            locked: true,
          });
    const approved = graded || request.status === 'APPROVED';
    t.extraordinaries.add(
      {
        student_id: student.id,
        schedule_id: schedule.id,
        category: request.category,
        status: request.status,
        sale_id: sale?.id ?? null,
        score: request.score === null ? null : TENTHS[request.score],
        approve_by_id: approved ? coordinatorOf(campus.index) : null,
        paid: payNow,
        exam_date: iso(request.exam),
        limit_capture: ctx.stampAt(request.exam + 3, 23 * 60 + 59),
        concept_id: concept.id,
        allow_scores: request.status === 'APPROVED',
        notes: request.category === 'X' ? 'Examen extraordinario' : 'Examen a título de suficiencia',
        reason: request.status === 'CANCELLED' ? 'Cancelado por falta de pago.' : request.deleted ? 'Solicitud duplicada.' : 'Asignatura reprobada en ordinario.',
        is_deleted: request.deleted,
      },
      ctx.stampAt(requestDay, 10 * 60),
    );
  }

  // Score changes after capture, each with its history line.
  for (const change of trackable) {
    const next = clampTenths(change.value + rng.pick([5, 10, -5, 10, 15, 20]));
    const teacher = faculty.teachers.find((candidate) => candidate.id === change.schedule.teacherId);
    const userId = teacher?.userId ?? coordinatorOf(change.schedule.group.cicle.campus.index);
    const at = ctx.stampAt(Math.min(today, change.partial.endEval + rng.int(0, 3)), ctx.officeMinute(rng));
    const notes = rng.pick(['Corrección por revisión de examen.', 'Error de captura.', 'Se consideró la entrega tardía del proyecto.']);
    t.score_tracks.add({ score_id: change.scoreId, user_id: userId, original_score: TENTHS[change.value], new_score: TENTHS[next], notes }, at);
    t.scores.set(change.scoreId - 1, 'score', TENTHS[next]);
    t.audit_logs.add({ resource: 'scores', record_id: String(change.scoreId), type: '~', user_id: userId, username: teacher ? teacher.code.toLowerCase() : 'coordinacion', date: at, changes: JSON.stringify([{ field: 'score', old: TENTHS[change.value], new: TENTHS[next] }]) }, at);
  }

  // Enrolments (student_groups) and the group boss.
  for (const group of groups) {
    const cicle = group.cicle;
    const candidates = group.members.filter((student) => !(cicle.active && student.droppedIn === 2));
    const boss = candidates.length > 0 ? candidates.reduce((best, student) => (student.ability > best.ability ? student : best), candidates[0]) : null;
    group.bossId = boss?.id ?? null;
    t.groups.set(group.id - 1, 'boss_id', group.bossId);
    for (const student of group.members) {
      const leftMid = cicle.active && student.droppedIn === 2;
      t.student_groups.add({ is_current: cicle.active && !leftMid, subject_id: null, is_boss: student === boss, student_id: student.id, group_id: group.id, status: !leftMid }, ctx.stampAt(cicle.start - rng.int(3, 20), 10 * 60));
    }
    for (const { student, schedule } of group.retakes) {
      t.student_groups.add({ is_current: true, subject_id: schedule.subject.id, is_boss: false, student_id: student.id, group_id: group.id, status: true }, ctx.stampAt(cicle.start - 2, 10 * 60));
    }
  }
  for (const student of students) {
    if (!student.movedFrom) continue;
    const from = student.movedFrom;
    const to = student.history[2] as GroupModel;
    const applied = from.cicle.start + rng.int(0, 6);
    t.student_groups.add({ is_current: false, subject_id: null, is_boss: false, student_id: student.id, group_id: from.id, status: false }, ctx.stampAt(from.cicle.start - 10, 10 * 60));
    t.student_movements.add({ student_id: student.id, from_group_id: from.id, to_group_id: to.id, cicle_id: from.cicle.id, user_id: controlOf(from.cicle.campus.index), comments: rng.pick(['Cambio por horario laboral.', 'Cambio solicitado por el alumno.', 'Equilibrio de grupos.']), apply_date: iso(applied) }, ctx.stampAt(applied, 11 * 60));
  }

  // Withdrawals.
  const reasons: Record<string, string[]> = {
    BT: ['Motivos económicos.', 'Motivos de salud.', 'Cambio de residencia temporal.'],
    BD: ['Cambio de institución.', 'Motivos personales.', 'Se incorpora a trabajar de tiempo completo.'],
    BA: ['Reprobó la misma asignatura en todas sus oportunidades.'],
    BAD: ['Adeudo de colegiaturas.', 'Documentación incompleta.'],
    CC: ['Cambio de carrera dentro de la institución.'],
  };
  const terminationTypes = ['BT', 'BT', 'BT', 'BD', 'BD', 'BA', 'BAD', 'CC'];
  for (const student of students) {
    if (student.outcome !== 'dropped' || student.droppedIn === null) continue;
    const campus = student.career.campus;
    const cicle = campus.cicles[student.droppedIn];
    const type = rng.pick(terminationTypes);
    const day = student.droppedIn === 2 ? Math.min(today - 1, cicle.partials[1].start + rng.int(0, 20)) : Math.min(today - 1, cicle.end + rng.int(10, 45));
    t.terminations.add({ student_id: student.id, type_id: reference.terminationTypes.get(type) ?? 1, cicle_id: cicle.id, user_id: controlOf(campus.index), career_id: student.career.id, term_date: iso(day), reason: rng.pick(reasons[type]), comments: null }, ctx.stampAt(day, 12 * 60));
    student.titleStatus = type === 'BT' ? 'BT' : 'BD';
  }

  // Revalidated subjects and previous scores typed in by staff.
  for (const student of students) {
    if (!student.revalid || student.outcome !== 'active') continue;
    const firstGrade = student.history.findIndex((group) => group !== null);
    const group = student.history[firstGrade];
    if (!group) continue;
    for (let grade = 1; grade < Math.min(group.grade, 3); grade += 1) {
      for (const subject of (student.career.subjectsByGrade[grade] ?? []).slice(0, 5)) {
        t.student_subjects.add({ student_id: student.id, cicle_id: null, subject_id: subject.id, score: TENTHS[clampTenths(rng.normal(8.4, 0.7) * 10)], is_locked: true, revalid_type: rng.chance(0.7) ? 'Revalidación' : 'Equivalencia', is_ts: false }, ctx.stampAt(group.cicle.start - 20, 10 * 60));
      }
    }
  }

  return {
    groups,
    students,
    activeStudents: students.filter((student) => student.outcome === 'active'),
    currentSchedules,
    demoStudent: demoModel,
    coordinatorOf,
    controlOf,
    cashierOf,
  };
}

/** Places blocks of class hours on different weekdays inside the shift; null when they do not fit. */
function place(rng: Rng, blocks: number[], shiftStart: number, group: Busy, teacher: Busy | null): [number, number, number][] | null {
  const slots: [number, number, number][] = [];
  const usedDays = new Set<number>();
  const offset = rng.int(0, 4);
  const free = (day: number, start: number, length: number) => {
    for (let h = start; h < start + length; h += 1) if (group[day * 24 + h] || (teacher && teacher[day * 24 + h])) return false;
    return true;
  };
  for (const length of blocks) {
    let found: [number, number, number] | null = null;
    for (let d = 0; d < 5 && !found; d += 1) {
      const day = ((offset + d * 2) % 5) + 1;
      if (usedDays.has(day)) continue;
      for (let start = shiftStart; start + length <= shiftStart + 7 && !found; start += 1) if (free(day, start, length)) found = [day, start, length];
    }
    if (!found) return null;
    slots.push(found);
    usedDays.add(found[0]);
  }
  return slots;
}

export function fullName(person: { names: string; first: string; second: string | null }): string {
  return [person.names, person.first, person.second].filter(Boolean).join(' ');
}
