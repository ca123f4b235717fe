// Polls (teacher evaluation and a services survey) with their answers, continuing-education
// groups, and the small auth tables: an old session, a login throttle and audit lines.
import type { Context } from '../context';
import { divRound } from '../money';
import type { Academics } from './academic';
import type { Accounts } from './accounts';
import type { Institution } from './institution';
import type { Reference } from './reference';
import type { Faculty } from './teachers';

const SCALE = [
  { value: 5, label: 'Siempre' },
  { value: 4, label: 'Casi siempre' },
  { value: 3, label: 'A veces' },
  { value: 2, label: 'Casi nunca' },
  { value: 1, label: 'Nunca' },
];

export function buildExtras(ctx: Context, reference: Reference, institution: Institution, academics: Academics, faculty: Faculty, accounts: Accounts): void {
  const t = ctx.tables;
  const rng = ctx.rng.fork('extras');
  const today = ctx.today;
  const scale = ctx.catalog(13, 'SCALE');
  const open = ctx.catalog(13, 'OPEN');
  const single = ctx.catalog(13, 'SINGLE');
  const multi = ctx.catalog(13, 'MULTI');

  // Teacher evaluation.
  const evaluation = t.polls.add({ poll_type_id: ctx.catalog(12, 'DOC'), title: 'Evaluación docente', is_active: true, instructions: 'Responde pensando en el desempeño del profesor durante este periodo. Tus respuestas son anónimas.', start_message: 'Gracias por participar en la evaluación docente.', end_message: 'Tus respuestas se guardaron. ¡Gracias!' });
  const evaluationSections: [string, string[]][] = [
    ['Planeación y organización', ['Presentó el programa de la asignatura al inicio del periodo.', 'Las clases siguen un orden claro.', 'Inicia y termina la clase puntualmente.']],
    ['Dominio de la asignatura', ['Domina los temas que imparte.', 'Relaciona los temas con la práctica profesional.', 'Resuelve las dudas con claridad.']],
    ['Evaluación', ['Explicó los criterios de evaluación.', 'Entrega las calificaciones a tiempo.', 'Las evaluaciones corresponden a lo visto en clase.']],
    ['Relación con los alumnos', ['Trata a los alumnos con respeto.', 'Fomenta la participación.', 'Está disponible para asesorías.']],
  ];
  const evaluationQuestions: { id: number; open: boolean }[] = [];
  evaluationSections.forEach(([title, questions], order) => {
    const section = t.poll_sections.add({ poll_id: evaluation, section_order: order + 1, title });
    questions.forEach((question, index) => {
      evaluationQuestions.push({ id: t.poll_questions.add({ section_id: section, question_type_id: scale, question_order: index + 1, title: question, subtitle: null, options: JSON.stringify(SCALE), is_active: true, is_mandatory: true }), open: false });
    });
  });
  const commentsSection = t.poll_sections.add({ poll_id: evaluation, section_order: evaluationSections.length + 1, title: 'Comentarios' });
  evaluationQuestions.push({ id: t.poll_questions.add({ section_id: commentsSection, question_type_id: open, question_order: 1, title: '¿Qué le recomendarías al profesor?', subtitle: 'Opcional', options: '[]', is_active: true, is_mandatory: false }), open: true });

  // Services survey.
  const survey = t.polls.add({ poll_type_id: ctx.catalog(12, 'GEN'), title: 'Encuesta de satisfacción de servicios', is_active: true, instructions: 'Califica los servicios de la institución.', start_message: null, end_message: 'Gracias por ayudarnos a mejorar.' });
  const surveySection = t.poll_sections.add({ poll_id: survey, section_order: 1, title: 'Servicios escolares' });
  const surveyQuestions = [
    t.poll_questions.add({ section_id: surveySection, question_type_id: scale, question_order: 1, title: 'La atención en control escolar es amable y rápida.', subtitle: null, options: JSON.stringify(SCALE), is_active: true, is_mandatory: true }),
    t.poll_questions.add({ section_id: surveySection, question_type_id: single, question_order: 2, title: '¿Cómo realizas tus pagos?', subtitle: null, options: JSON.stringify([{ value: 'caja', label: 'En caja' }, { value: 'banco', label: 'Referencia bancaria' }, { value: 'web', label: 'Portal del alumno' }]), is_active: true, is_mandatory: true }),
  ];
  const facilities = t.poll_sections.add({ poll_id: survey, section_order: 2, title: 'Instalaciones' });
  surveyQuestions.push(
    t.poll_questions.add({ section_id: facilities, question_type_id: multi, question_order: 1, title: '¿Qué espacios usas con frecuencia?', subtitle: 'Elige todos los que apliquen', options: JSON.stringify([{ value: 'biblioteca', label: 'Biblioteca' }, { value: 'laboratorios', label: 'Laboratorios' }, { value: 'cafeteria', label: 'Cafetería' }, { value: 'canchas', label: 'Canchas' }]), is_active: true, is_mandatory: false }),
  );
  // An exit survey still being prepared.
  const exit = t.polls.add({ poll_type_id: ctx.catalog(12, 'GEN'), title: 'Encuesta de egreso', is_active: false, instructions: null, start_message: null, end_message: null });
  const exitSection = t.poll_sections.add({ poll_id: exit, section_order: 1, title: 'Trayectoria' });
  t.poll_questions.add({ section_id: exitSection, question_type_id: open, question_order: 1, title: '¿Ya trabajas en algo relacionado con tu carrera?', subtitle: null, options: '[]', is_active: true, is_mandatory: true });

  const teacherOf = new Map(faculty.teachers.map((teacher) => [teacher.id, teacher] as const));
  for (const campus of institution.campuses) {
    const current = campus.cicles[2];
    const evaluate = (cicleIndex: number, share: number, status: 'OPEN' | 'CLOSED') => {
      const cicle = campus.cicles[cicleIndex];
      const start = status === 'OPEN' ? today - 8 : cicle.end - 20;
      const assignment = t.poll_assignments.reserve();
      let total = 0;
      let answers = 0;
      for (const group of academics.groups) {
        if (group.cicle !== cicle) continue;
        for (const student of group.members) {
          if (cicle.active && student.droppedIn === 2) continue;
          total += group.schedules.length;
          if (!rng.chance(share)) continue;
          for (const schedule of group.schedules) {
            if (!schedule.teacherId) continue;
            const teacher = teacherOf.get(schedule.teacherId);
            const complete = rng.chance(0.92);
            const base = 3.2 + (teacher ? (teacher.id % 7) * 0.2 : 0.6) + rng.normal(0, 0.4);
            let sum = 0;
            let count = 0;
            for (const question of evaluationQuestions) {
              if (!complete && count >= 6) break;
              const at = ctx.stampAt(Math.min(today, start + rng.int(0, 7)), rng.int(8 * 60, 23 * 60));
              if (question.open) {
                if (rng.chance(0.2)) t.poll_results.add({ assignment_id: assignment, question_id: question.id, student_id: student.id, teacher_id: schedule.teacherId, schedule_id: schedule.id, answer: rng.pick(['Excelente profesor.', 'Que explique con más ejemplos.', 'Más prácticas en clase.', 'Muy buena clase.']), answer_json: null }, at);
                continue;
              }
              const value = Math.max(1, Math.min(5, Math.round(base + rng.normal(0, 0.6))));
              t.poll_results.add({ assignment_id: assignment, question_id: question.id, student_id: student.id, teacher_id: schedule.teacherId, schedule_id: schedule.id, answer: SCALE[5 - value].label, answer_json: JSON.stringify({ value }) }, at);
              sum += value;
              count += 1;
            }
            if (complete) answers += 1;
            t.teacher_evaluations.add({ student_id: student.id, schedule_id: schedule.id, teacher_id: schedule.teacherId, assignment_id: assignment, is_complete: complete, score: complete && count > 0 ? (divRound(sum * 100, count) / 100).toFixed(2) : null }, ctx.stampAt(Math.min(today, start + 7), 20 * 60));
          }
        }
      }
      t.poll_assignments.add(
        { poll_id: evaluation, cicle_id: cicle.id, start_at: ctx.stampAt(start, 8 * 60), end_at: ctx.stampAt(start + 15, 23 * 60 + 59), status, notes: null, all_groups: true, all_careers: true, answers, total },
        ctx.stampAt(start - 3, 9 * 60),
        assignment,
      );
    };
    evaluate(1, ctx.config.evaluationShare / 4, 'CLOSED');
    evaluate(2, ctx.config.evaluationShare, 'OPEN');

    // The services survey goes to some careers only.
    const chosen = campus.careers.slice(0, Math.max(1, Math.ceil(campus.careers.length / 2)));
    const assignment = t.poll_assignments.reserve();
    let answers = 0;
    let total = 0;
    for (const student of academics.activeStudents) {
      if (!chosen.includes(student.career) || student.droppedIn === 2) continue;
      total += 1;
      if (!rng.chance(ctx.config.evaluationShare)) continue;
      answers += 1;
      const at = ctx.stampAt(today - rng.int(0, 5), rng.int(8 * 60, 23 * 60));
      // Who answered finished it: the application's answers counter counts them.
      t.poll_completions.add({ assignment_id: assignment, student_id: student.id, finished_at: at });
      const value = rng.int(2, 5);
      t.poll_results.add({ assignment_id: assignment, question_id: surveyQuestions[0], student_id: student.id, teacher_id: null, schedule_id: null, answer: SCALE[5 - value].label, answer_json: JSON.stringify({ value }) }, at);
      const way = rng.pick(['caja', 'banco', 'web']);
      t.poll_results.add({ assignment_id: assignment, question_id: surveyQuestions[1], student_id: student.id, teacher_id: null, schedule_id: null, answer: way === 'caja' ? 'En caja' : way === 'banco' ? 'Referencia bancaria' : 'Portal del alumno', answer_json: JSON.stringify({ value: way }) }, at);
      if (rng.chance(0.7)) {
        const places = rng.sample(['biblioteca', 'laboratorios', 'cafeteria', 'canchas'], rng.int(1, 3));
        t.poll_results.add({ assignment_id: assignment, question_id: surveyQuestions[2], student_id: student.id, teacher_id: null, schedule_id: null, answer: places.join(', '), answer_json: JSON.stringify({ values: places }) }, at);
      }
    }
    t.poll_assignments.add({ poll_id: survey, cicle_id: current.id, start_at: ctx.stampAt(today - 6, 8 * 60), end_at: ctx.stampAt(today + 14, 23 * 60 + 59), status: 'OPEN', notes: 'Aplicación a las carreras seleccionadas.', all_groups: true, all_careers: false, answers, total }, ctx.stampAt(today - 7, 9 * 60), assignment);
    for (const career of chosen) t.poll_assign_careers.add({ assignment_id: assignment, career_id: career.id });
    t.poll_assignments.add({ poll_id: exit, cicle_id: current.id, start_at: ctx.stampAt(current.end - 10, 8 * 60), end_at: ctx.stampAt(current.end + 10, 23 * 60), status: 'DRAFT', notes: 'Se aplicará a los alumnos de último grado.', all_groups: false, all_careers: true, answers: 0, total: 0 }, ctx.stampAt(today - 1, 9 * 60));
  }

  // Continuing-education groups: one that ran last period (graded) and one running now.
  for (const course of institution.courses) {
    const career = course.careerCode ? institution.careers.find((c) => c.code === course.careerCode) : null;
    const campus = career?.campus ?? institution.campuses[0];
    const teachers = faculty.byCampus[campus.index].filter((teacher) => !teacher.reserved && teacher.active);
    const audience = academics.activeStudents.filter((student) => student.career.campus === campus && (!career || student.career === career) && student.droppedIn !== 2);
    [1, 2].forEach((cicleIndex) => {
      const cicle = campus.cicles[cicleIndex];
      const group = t.course_groups.add(
        { code: `${course.code}-${cicle.year}${cicle.half}`, shift_id: reference.shifts[2].id, cicle_id: cicle.id, teacher_id: teachers.length > 0 ? rng.pick(teachers).id : null, course_id: course.id, study_plan_id: course.planId, capacity: 25 },
        ctx.stampAt(cicle.start - 15, 10 * 60),
      );
      for (const student of rng.sample(audience, rng.int(8, 20))) {
        t.course_students.add({ group_id: group, student_id: student.id, score: cicle.active ? null : (Math.round(Math.min(10, Math.max(6, rng.normal(8.6, 0.8))) * 10) / 10).toFixed(1) }, ctx.stampAt(cicle.start - rng.int(1, 12), 11 * 60));
      }
    });
  }

  // An ended session and a throttled unknown username.
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${['8', '9', 'a', 'b'][rng.int(0, 3)]}${hex(3)}-${hex(12)}`;
  const cashier = accounts.byUsername.get('caja.nte') ?? 1;
  t.auth_sessions.add({ id: uuid(), user_id: cashier, kind: 'browser', refresh_token_hash: null, expires_at: ctx.stampAt(today - 20, 20 * 60), revoked_at: ctx.stampAt(today - 21, 19 * 60), last_used_at: ctx.stampAt(today - 21, 18 * 60), user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', ip: '10.20.1.15' }, ctx.stampAt(today - 21, 8 * 60));
  t.auth_sessions.add({ id: uuid(), user_id: accounts.byUsername.get('rectoria') ?? 1, kind: 'api', refresh_token_hash: hex(64), expires_at: ctx.stampAt(today - 2, 9 * 60), revoked_at: null, last_used_at: ctx.stampAt(today - 16, 9 * 60), user_agent: 'plantel-reportes/1.0', ip: '10.20.1.40' }, ctx.stampAt(today - 16, 9 * 60));
  t.login_throttles.add({ username: 'user:jperez', failures: 2, locked_until: null, last_failure: ctx.stampAt(today - 3, 7 * 60 + 45) });

  // Audit lines for withdrawals (the record's active flag changed).
  const students = t.students;
  const active = students.column('is_active');
  const ids = students.ids;
  for (let i = 0; i < students.length; i += 1) {
    if (active[i] !== false || !rng.chance(0.5)) continue;
    const at = ctx.stampAt(today - rng.int(20, 300), ctx.officeMinute(rng));
    t.audit_logs.add({ resource: 'students', record_id: String(ids[i]), type: '~', user_id: accounts.byUsername.get('control') ?? null, username: 'control', date: at, changes: JSON.stringify([{ field: 'is_active', old: true, new: false }]) }, at);
  }
}
