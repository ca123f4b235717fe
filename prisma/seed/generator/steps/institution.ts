// The institution: campuses, departments, careers with their study plans (subjects by grade and
// prerequisites), periods with the seven partials, price lists with their concepts, scholarships
// and continuing-education courses.
import { type Day, dayOf, iso, mondayOnOrAfter } from '../calendar';
import type { Context } from '../context';
import { CAREERS, COMMON_EARLY, COMMON_LATE, COMMON_MIDDLE, COURSES, type CareerData, DEPARTMENTS, type Track } from '../data/careers';
import { money, pesos } from '../money';
import type { Accounts } from './accounts';
import type { Reference } from './reference';

export type SubjectModel = { id: number; code: string; name: string; grade: number; weekHrs: number; hours: number; credit: number; order: number; difficulty: number };
export type CareerModel = {
  id: number;
  code: string;
  data: CareerData;
  campus: CampusModel;
  planId: number;
  planStart: Day;
  /** index 1..grades */
  subjectsByGrade: SubjectModel[][];
  sepCve: string;
  /** the concepts that apply to the career: its tuition list's, else the campus general list's */
  concepts: Map<string, ConceptModel>;
  tuition: number;
  femaleShare: number;
};
export type PartialModel = { id: number; no: number; type: 'O' | 'X' | 'T'; start: Day; end: Day; startEval: Day; endEval: Day; description: string };
export type CicleModel = { id: number; index: number; campus: CampusModel; description: string; start: Day; end: Day; active: boolean; partials: PartialModel[]; year: number; half: 1 | 2 };
export type ConceptModel = { id: number; code: string; description: string; amount: number; iva: number; categoryCode: string; priceListId: number };
export type CampusModel = {
  id: number;
  index: number;
  code: string;
  name: string;
  careers: CareerModel[];
  cicles: CicleModel[];
  /** general list concepts of the current year by code */
  concepts: Map<string, ConceptModel>;
  /** concepts of the previous year's list, for charges of the previous year */
  oldConcepts: Map<string, ConceptModel>;
  postalCode: string;
};
export type ScholarshipModel = { id: number; shipType: 'C' | 'I' | 'R' | 'RR'; name: string; baseType: 'A' | 'P'; amount: number; scoreMin: number | null; approve: boolean; careerId: number | null };
export type CourseModel = { id: number; code: string; name: string; careerCode: string | null; planId: number };
export type Institution = { campuses: CampusModel[]; careers: CareerModel[]; cicles: CicleModel[]; scholarships: ScholarshipModel[]; courses: CourseModel[] };

const SLOTS_PER_GRADE = 7;
const CAMPUS_POSTAL_CODES: Record<string, string> = { NTE: '45110', SUR: '45589', ORI: '45418' };

/** Places tracks in consecutive grades, earliest first, at most SLOTS_PER_GRADE subjects per grade. */
function layout(grades: number, stages: { from: number; tracks: Track[] }[], late: Track[]): string[][] {
  const grid: string[][] = Array.from({ length: grades + 1 }, () => []);
  const place = (track: Track, from: number, fromEnd: boolean) => {
    const n = Math.min(track.length, grades);
    const starts: number[] = [];
    for (let g = Math.max(1, from); g + n - 1 <= grades; g += 1) starts.push(g);
    if (fromEnd) starts.reverse();
    for (const start of starts) {
      let fits = true;
      for (let k = 0; k < n; k += 1) if (grid[start + k].length >= SLOTS_PER_GRADE) fits = false;
      if (!fits) continue;
      for (let k = 0; k < n; k += 1) grid[start + k].push(track[k]);
      return;
    }
  };
  for (const track of late) place(track, 1, true);
  for (const stage of stages) for (const track of stage.tracks) place(track, stage.from, false);
  let elective = 0;
  for (let g = 1; g <= grades; g += 1) {
    while (grid[g].length < SLOTS_PER_GRADE) {
      elective += 1;
      grid[g].push(`Optativa ${['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV'][elective - 1] ?? elective}`);
    }
  }
  return grid;
}

function halfPeriod(year: number, half: 1 | 2): { start: Day; end: Day; description: string } {
  if (half === 1) {
    const start = mondayOnOrAfter(dayOf(year, 1, 8));
    return { start, end: start + 23 * 7 + 4, description: `Enero-Junio ${year}` };
  }
  const start = mondayOnOrAfter(dayOf(year, 8, 14));
  return { start, end: start + 17 * 7 + 4, description: `Agosto-Diciembre ${year}` };
}

export function buildInstitution(ctx: Context, reference: Reference, accounts: Accounts): Institution {
  const t = ctx.tables;
  const rng = ctx.rng.fork('institution');
  const admin = accounts.byUsername.get('admin') ?? 1;
  const control = accounts.byUsername.get('control') ?? admin;
  const finance = accounts.byUsername.get('finanzas') ?? admin;
  const year = ctx.year;

  const campuses: CampusModel[] = ctx.config.campuses.map((campus, index) => ({
    id: t.campuses.add({ code: campus.code, name: campus.name }),
    index,
    code: campus.code,
    name: campus.name,
    careers: [],
    cicles: [],
    concepts: new Map(),
    oldConcepts: new Map(),
    postalCode: CAMPUS_POSTAL_CODES[campus.code] ?? '45100',
  }));

  // Departments, careers and their plans.
  const careers: CareerModel[] = [];
  const planType = ctx.catalog(1, 'SEM');
  for (const campus of campuses) {
    const codes = ctx.config.campuses[campus.index].careers;
    const data = codes.map((code) => {
      const found = CAREERS.find((career) => career.code === code);
      if (!found) throw new Error(`Unknown career ${code}`);
      return found;
    });
    const departments = new Map<string, number>();
    [...new Set(data.map((career) => career.department))].forEach((key, order) => {
      departments.set(key, t.academic_deptos.add({ code: key, name: DEPARTMENTS[key], campus_id: campus.id, short: key, order: order + 1 }));
    });
    data.forEach((career, order) => {
      const sepCve = String(100_000 + CAREERS.indexOf(career) * 1_373 + 17).padStart(6, '0');
      const rvoeYear = Number(career.rvoe.slice(5, 9));
      const id = t.careers.add({
        code: career.code,
        suffix: career.code,
        name: career.name,
        short: career.short,
        iedu_id: null,
        campus_id: campus.id,
        department_id: departments.get(career.department) ?? null,
        service: 'Escolarizado',
        dependency: 'Secretaría de Educación Jalisco',
        category_career: career.category,
        cve: sepCve,
        zone: `Z${String(campus.index + 1).padStart(2, '0')}`,
        grades: career.grades,
        order: order + 1,
        age_from: 17,
        age_to: 35,
        valid_age: false,
        average: '7.00',
        auth_id: 2,
        auth_name: 'RVOE ESTATAL',
        rvoe: career.rvoe,
        // The agreement's day: the RVOE number carries its year.
        rvoe_date: iso(dayOf(rvoeYear, 6, 1)),
      });
      const planYear = Math.max(rvoeYear, year - 6 - (order % 3));
      const planStart = mondayOnOrAfter(dayOf(planYear, 8, 14));
      const planId = t.study_plans.add({
        code: `${career.code}-${planYear}`,
        description: `Plan de estudios ${career.code} ${planYear}`,
        career_id: id,
        apply_date: iso(planStart),
        is_oficial: true,
        agreement: `Acuerdo ${career.rvoe} de fecha ${iso(dayOf(planYear, 6, 1) + rng.int(0, 40))}`,
        user_id: control,
        notes: null,
        end_date: null,
        alter_code: null,
        min_approve: '6.00',
        apply_title: true,
        plan_type_id: planType,
        short_name: `${career.short} ${planYear}`,
        year: planYear,
        is_course: false,
        status: true,
        // SEP's keys of the certificate of studies: the plan's year, semesters (91), licenciatura (81).
        sep_plan_key: String(planYear),
        sep_period_type: '91',
        sep_level_id: '81',
      });
      t.study_plan_documents.add({ study_plan_id: planId, notes: 'Acuerdo de RVOE', document_url: `study-plans/${career.code.toLowerCase()}-${planYear}-rvoe.pdf`, user_id: control });
      t.study_plan_documents.add({ study_plan_id: planId, notes: 'Mapa curricular', document_url: `study-plans/${career.code.toLowerCase()}-${planYear}-mapa-curricular.pdf`, user_id: control });

      const third = Math.ceil(career.grades / 3);
      const grid = layout(
        career.grades,
        [
          { from: 1, tracks: [...COMMON_EARLY, ...career.early] },
          { from: third + 1, tracks: [...COMMON_MIDDLE, ...career.middle] },
          { from: 2 * third + 1, tracks: career.late },
        ],
        COMMON_LATE,
      );
      const subjectsByGrade: SubjectModel[][] = [[]];
      const byName = new Map<string, number>();
      for (let grade = 1; grade <= career.grades; grade += 1) {
        const row: SubjectModel[] = [];
        // Career subjects lead the grade and carry the most hours; language, general education and
        // electives follow.
        const own = grid[grade].filter((name) => !COMMON_NAMES.has(name) && !name.startsWith('Optativa'));
        const rest = grid[grade].filter((name) => COMMON_NAMES.has(name) || name.startsWith('Optativa'));
        [...own, ...rest].forEach((name, index) => {
          const ownIndex = own.indexOf(name);
          const weekHrs = ownIndex >= 0 ? (ownIndex < 3 ? 4 : 3) : name.startsWith('Inglés') || name.startsWith('Optativa') ? 3 : 2;
          const hours = weekHrs * 16;
          const subject: SubjectModel = {
            id: 0,
            code: `${career.code}-${grade}${String(index + 1).padStart(2, '0')}`,
            name,
            grade,
            weekHrs,
            hours,
            credit: weekHrs,
            order: index + 1,
            difficulty: rng.normal(0, 0.35),
          };
          const prerequisite = previousInTrack(name, byName);
          subject.id = t.subjects.add({
            code: subject.code,
            description: name,
            study_plan_id: planId,
            grade,
            hours,
            week_hrs: weekHrs,
            hours_prct: /Taller|Laboratorio|Prácticas|Técnicas|Clínica|Producción/.test(name) ? Math.min(weekHrs, 2) * 16 : 0,
            credit: `${subject.credit}.00`,
            order: index + 1,
            is_mandatory: !name.startsWith('Optativa'),
            is_modular: false,
            notes: null,
            is_serialized: prerequisite !== null,
            // SEP's idAsignatura: the career's SEP key, the grade and the place in it, all digits.
            sep_subject_id: `${sepCve.slice(-4)}${grade}${String(index + 1).padStart(2, '0')}`,
          });
          if (prerequisite !== null) t.subject_prerequisites.add({ subject_id: subject.id, prerequisite_id: prerequisite });
          byName.set(name, subject.id);
          row.push(subject);
        });
        subjectsByGrade.push(row);
      }
      const model: CareerModel = {
        id,
        code: career.code,
        data: career,
        campus,
        planId,
        planStart,
        subjectsByGrade,
        sepCve,
        concepts: new Map(),
        tuition: career.tuition,
        femaleShare: career.department === 'ING' ? 0.3 : career.department === 'CS' ? 0.72 : career.department === 'CSH' ? 0.6 : 0.52,
      };
      careers.push(model);
      campus.careers.push(model);
    });
  }

  // Periods: August-December of last year, January-June and August-December (active) of this year.
  const cicles: CicleModel[] = [];
  for (const campus of campuses) {
    const specs: [number, 1 | 2][] = [
      [year - 1, 2],
      [year, 1],
      [year, 2],
    ];
    specs.forEach(([cicleYear, half], index) => {
      const period = halfPeriod(cicleYear, half);
      const active = index === specs.length - 1;
      const id = t.cicles.add({
        description: period.description,
        start: iso(period.start),
        end: iso(period.end),
        cicle_in_year: half,
        year: cicleYear,
        is_active: active,
        // Admissions are open for the period under way (the demo applicant signed up for it).
        admission_open: active,
        partials: 4,
        campus_id: campus.id,
        cicle_name: `${cicleYear}-${half}`,
        cicle_type: 'HALF',
      });
      const cicle: CicleModel = { id, index, campus, description: period.description, start: period.start, end: period.end, active, partials: [], year: cicleYear, half };
      const span = (period.end - period.start + 1) / 4;
      const specsPartials: { no: number; description: string; type: 'O' | 'X' | 'T'; start: Day; end: Day; startEval: Day; endEval: Day }[] = [];
      for (let no = 1; no <= 4; no += 1) {
        const start = period.start + Math.round(span * (no - 1));
        const end = period.start + Math.round(span * no) - 1;
        specsPartials.push({ no, description: `Parcial ${no}`, type: 'O', start, end, startEval: end - 4, endEval: end + 3 });
      }
      const after = mondayOnOrAfter(period.end + 1);
      specsPartials.push({ no: 5, description: 'Extra', type: 'X', start: after, end: after + 11, startEval: after + 4, endEval: after + 13 });
      specsPartials.push({ no: 6, description: 'TS', type: 'T', start: after + 14, end: after + 25, startEval: after + 18, endEval: after + 27 });
      specsPartials.push({ no: 7, description: 'Final', type: 'O', start: period.end - 4, end: period.end, startEval: period.end - 4, endEval: period.end + 5 });
      for (const partial of specsPartials) {
        const isCurrent = active && partial.no <= 4 && partial.start <= ctx.today && ctx.today <= partial.end;
        const open = active && ctx.today >= partial.startEval && ctx.today <= partial.endEval;
        const partialId = t.partials.add({
          description: partial.description,
          start: iso(partial.start),
          end: iso(partial.end),
          start_eval: iso(partial.startEval),
          end_eval: iso(partial.endEval),
          partial_type: partial.type,
          notes: null,
          cicle_id: id,
          is_current: isCurrent,
          no: partial.no,
          allow_scores: isCurrent || open,
        });
        cicle.partials.push({ id: partialId, ...partial });
      }
      cicles.push(cicle);
      campus.cicles.push(cicle);
    });
  }

  // Price lists: last year's (ended) and this year's general list per campus, plus a list per
  // tuition level for careers whose tuition differs from the general one.
  const category = (code: string) => ctx.catalog(11, code);
  const monthly = ctx.catalog(2, 'MEN');
  const once = ctx.catalog(2, 'UNI');
  const each = ctx.catalog(2, 'SEM');
  const BASE_TUITION = 4200;
  type ConceptSpec = { code: string; description: string; short: string; amount: number; iva: number; category: string; recurrency: number | null; allowWeb?: boolean; inscription?: boolean; shift?: number | null; surcharge?: boolean };
  const general = (tuition: number): ConceptSpec[] => [
    { code: 'INS', description: 'Inscripción', short: 'Inscripción', amount: roundTo(tuition * 0.85, 50), iva: 0, category: 'INS', recurrency: once, inscription: true },
    { code: 'REINS', description: 'Reinscripción', short: 'Reinscripción', amount: roundTo(tuition * 0.75, 50), iva: 0, category: 'REI', recurrency: each },
    { code: 'COL', description: 'Colegiatura mensual', short: 'Colegiatura', amount: tuition, iva: 0, category: 'COL', recurrency: monthly, allowWeb: true, surcharge: true },
  ];
  const others: ConceptSpec[] = [
    { code: 'EXADM', description: 'Examen de admisión', short: 'Admisión', amount: 600, iva: 0, category: 'EXA', recurrency: once },
    { code: 'EXT', description: 'Examen extraordinario', short: 'Extraordinario', amount: 450, iva: 0, category: 'EXA', recurrency: null },
    { code: 'TS', description: 'Examen a título de suficiencia', short: 'T.S.', amount: 650, iva: 0, category: 'EXA', recurrency: null },
    { code: 'RECUR', description: 'Curso de recursamiento', short: 'Recursamiento', amount: 1800, iva: 0, category: 'EXA', recurrency: null },
    { code: 'CONST', description: 'Constancia de estudios', short: 'Constancia', amount: 150, iva: 0.08, category: 'TRA', recurrency: null, allowWeb: true },
    { code: 'KARD', description: 'Historial académico (kárdex)', short: 'Kárdex', amount: 200, iva: 0.08, category: 'TRA', recurrency: null, allowWeb: true },
    { code: 'CERTP', description: 'Certificado parcial de estudios', short: 'Certificado parcial', amount: 1200, iva: 0.08, category: 'TRA', recurrency: null },
    { code: 'TIT', description: 'Trámite de titulación', short: 'Titulación', amount: 9500, iva: 0.08, category: 'TRA', recurrency: null },
    { code: 'CRED', description: 'Credencial de estudiante', short: 'Credencial', amount: 120, iva: 0.08, category: 'ART', recurrency: null },
    { code: 'REPCRED', description: 'Reposición de credencial', short: 'Reposición', amount: 150, iva: 0.08, category: 'ART', recurrency: null, allowWeb: true },
    { code: 'SEG', description: 'Seguro escolar contra accidentes', short: 'Seguro', amount: 350, iva: 0, category: 'SER', recurrency: each },
    { code: 'PROP', description: 'Curso propedéutico', short: 'Propedéutico', amount: 1500, iva: 0, category: 'SER', recurrency: once },
    { code: 'UNIF', description: 'Playera institucional', short: 'Playera', amount: 280, iva: 0.08, category: 'ART', recurrency: null, allowWeb: true },
    { code: 'TALLER', description: 'Taller sabatino de regularización', short: 'Regularización', amount: 900, iva: 0, category: 'SER', recurrency: null, shift: reference.shifts[2]?.id ?? null },
    { code: 'REC', description: 'Recargo por pago extemporáneo', short: 'Recargo', amount: 250, iva: 0, category: 'REC', recurrency: null },
  ];
  const addConcepts = (priceListId: number, specs: ConceptSpec[], effect: Day, end: Day | null, factor: number, target: Map<string, ConceptModel>) => {
    for (const spec of specs) {
      const amount = spec.code === 'REC' ? spec.amount : roundTo(spec.amount * factor, 10);
      const id = t.concepts.add({
        price_list_id: priceListId,
        code: spec.code,
        amount: money(pesos(amount)),
        iva: spec.iva.toFixed(4),
        early_amount: spec.code === 'COL' ? money(pesos(roundTo(amount * 0.95, 10))) : null,
        description: spec.description,
        short_name: spec.short,
        effect_date: iso(effect),
        end_date: end === null ? null : iso(end),
        notes: null,
        category_id: category(spec.category),
        recurrency_id: spec.recurrency,
        shift_id: spec.shift ?? null,
        surcharge_start_date: spec.surcharge ? iso(effect) : null,
        surcharge_day: spec.surcharge ? 10 : null,
        surcharge_amount: spec.surcharge ? '250.00' : '0.00',
        surcharge_by_day: spec.surcharge ? rng.chance(0.3) : false,
        surcharge_max_days: spec.surcharge ? 10 : 0,
        surcharge_amount_by_day: spec.surcharge ? '25.00' : '0.00',
        allow_web: spec.allowWeb ?? false,
        is_inscription: spec.inscription ?? false,
      });
      target.set(spec.code, { id, code: spec.code, description: spec.description, amount: pesos(amount), iva: spec.iva, categoryCode: spec.category, priceListId });
    }
  };
  for (const campus of campuses) {
    const oldId = t.price_lists.add({
      code: `LP-${year - 1}`,
      is_general: true,
      description: `Lista de precios ${year - 1}`,
      notes: null,
      effect_date: iso(dayOf(year - 1, 1, 1)),
      end_date: iso(dayOf(year - 1, 12, 31)),
      user_id: finance,
      campus_id: campus.id,
      status: false,
    });
    addConcepts(oldId, [...general(roundTo(BASE_TUITION * 0.95, 10)), ...others], dayOf(year - 1, 1, 1), dayOf(year - 1, 12, 31), 0.95, campus.oldConcepts);
    const currentId = t.price_lists.add({
      code: `LP-${year}`,
      is_general: true,
      description: `Lista de precios ${year}`,
      notes: 'Vigente para todas las carreras del plantel salvo las que tienen lista propia.',
      effect_date: iso(dayOf(year, 1, 1)),
      end_date: iso(dayOf(year, 12, 31)),
      user_id: finance,
      campus_id: campus.id,
      status: true,
    });
    addConcepts(currentId, [...general(BASE_TUITION), ...others], dayOf(year, 1, 1), dayOf(year, 12, 31), 1, campus.concepts);
    const byTuition = new Map<number, CareerModel[]>();
    for (const career of campus.careers) if (career.tuition !== BASE_TUITION) byTuition.set(career.tuition, [...(byTuition.get(career.tuition) ?? []), career]);
    for (const career of campus.careers) for (const [code, concept] of campus.concepts) career.concepts.set(code, concept);
    for (const [tuition, listed] of [...byTuition.entries()].sort((a, b) => a[0] - b[0])) {
      const listId = t.price_lists.add({
        code: `LP-${year}-${tuition}`,
        is_general: false,
        description: `Colegiatura $${tuition.toLocaleString('en-US')} ${year}`,
        notes: `Carreras: ${listed.map((career) => career.code).join(', ')}`,
        effect_date: iso(dayOf(year, 1, 1)),
        end_date: iso(dayOf(year, 12, 31)),
        user_id: finance,
        campus_id: campus.id,
        status: true,
      });
      const concepts = new Map<string, ConceptModel>();
      addConcepts(listId, general(tuition), dayOf(year, 1, 1), dayOf(year, 12, 31), 1, concepts);
      for (const career of listed) {
        t.list_careers.add({ career_id: career.id, price_list_id: listId });
        for (const [code, concept] of concepts) career.concepts.set(code, concept);
      }
    }
    // Standing discounts: first-grade tuition promotion on one career, reinscription on another.
    const [first, second] = campus.careers;
    if (first) {
      t.concept_discounts.add({ concept_id: conceptOf(first, 'COL').id, career_id: first.id, amount: '0.00', percentage: '0.1000', effect_date: iso(dayOf(year, 8, 1)), end_date: iso(dayOf(year, 12, 31)), notes: 'Promoción de primer ingreso', grade: 1 });
    }
    if (second) {
      t.concept_discounts.add({ concept_id: conceptOf(second, 'REINS').id, career_id: second.id, amount: '300.00', percentage: '0.0000', effect_date: iso(dayOf(year, 6, 1)), end_date: iso(dayOf(year, 8, 31)), notes: 'Reinscripción anticipada', grade: null });
    }
  }

  // Scholarships.
  const scholarshipSpecs: Omit<ScholarshipModel, 'id'>[] = [
    { shipType: 'R', name: 'Beca académica de excelencia', baseType: 'P', amount: 50, scoreMin: 9.5, approve: true, careerId: null },
    { shipType: 'R', name: 'Beca académica', baseType: 'P', amount: 25, scoreMin: 8.5, approve: false, careerId: null },
    { shipType: 'R', name: 'Beca deportiva', baseType: 'P', amount: 30, scoreMin: 8, approve: true, careerId: null },
    { shipType: 'R', name: 'Beca cultural', baseType: 'P', amount: 20, scoreMin: 8, approve: true, careerId: null },
    { shipType: 'R', name: 'Beca por convenio empresarial', baseType: 'P', amount: 15, scoreMin: null, approve: true, careerId: null },
    { shipType: 'R', name: 'Descuento por hermanos', baseType: 'P', amount: 10, scoreMin: null, approve: false, careerId: null },
    { shipType: 'R', name: 'Beca SEP (5 % de la matrícula)', baseType: 'P', amount: 100, scoreMin: 8, approve: true, careerId: null },
    { shipType: 'I', name: 'Beca de inscripción', baseType: 'A', amount: 1000, scoreMin: null, approve: false, careerId: null },
    { shipType: 'RR', name: 'Apoyo de reinscripción', baseType: 'P', amount: 50, scoreMin: 9, approve: true, careerId: null },
    { shipType: 'C', name: 'Constancias sin costo', baseType: 'A', amount: 150, scoreMin: null, approve: false, careerId: null },
    { shipType: 'R', name: 'Mujeres en ingeniería', baseType: 'P', amount: 30, scoreMin: 8, approve: true, careerId: careers.find((career) => career.code === 'ISC')?.id ?? null },
  ];
  const constConcept = campuses[0].concepts.get('CONST')?.id ?? null;
  const scholarships: ScholarshipModel[] = scholarshipSpecs.map((spec) => ({
    ...spec,
    id: t.scholarships.add({
      ship_type: spec.shipType,
      name: spec.name,
      description: spec.scoreMin ? `Requiere promedio mínimo de ${spec.scoreMin.toFixed(1)} en el periodo anterior.` : null,
      approve: spec.approve,
      base_type: spec.baseType,
      base_amount: money(pesos(spec.amount)),
      score_min: spec.scoreMin === null ? null : spec.scoreMin.toFixed(2),
      concept_id: spec.shipType === 'C' ? constConcept : null,
      career_id: spec.careerId,
    }),
  }));

  // Continuing-education courses, each with its own plan of modules.
  const coursePlanType = ctx.catalog(1, 'EC');
  const courses: CourseModel[] = [];
  for (const course of COURSES) {
    const career = course.career ? careers.find((c) => c.code === course.career) : null;
    if (course.career && !career) continue;
    const planId = t.study_plans.add({
      code: `EC-${course.code}`,
      description: course.name,
      career_id: null,
      apply_date: iso(dayOf(year - 2, 1, 15)),
      is_oficial: false,
      agreement: null,
      user_id: admin,
      notes: 'Plan de educación continua',
      end_date: null,
      alter_code: null,
      min_approve: '7.00',
      apply_title: false,
      plan_type_id: coursePlanType,
      short_name: course.short,
      year: year - 2,
      is_course: true,
      status: true,
      // Continuing education issues no certificate of studies: no SEP keys.
      sep_plan_key: null,
      sep_period_type: null,
      sep_level_id: null,
    });
    course.modules.forEach((name, index) => {
      t.subjects.add({ code: `${course.code}-${index + 1}`, description: name, study_plan_id: planId, grade: 1, hours: 20, week_hrs: 4, hours_prct: 0, credit: '1.25', order: index + 1, is_mandatory: true, is_modular: true, notes: null, is_serialized: false, sep_subject_id: null });
    });
    const id = t.courses.add({ code: course.code, name: course.name, short: course.short, career_id: career?.id ?? null, agreement: `Registro STPS ${rng.digits(6)}`, service: 'Educación continua', notes: null });
    courses.push({ id, code: course.code, name: course.name, careerCode: course.career, planId });
  }

  return { campuses, careers, cicles, scholarships, courses };
}

export function conceptOf(career: CareerModel, code: string): ConceptModel {
  const concept = career.concepts.get(code);
  if (!concept) throw new Error(`Concept ${code} missing for ${career.code}`);
  return concept;
}

function previousInTrack(name: string, byName: Map<string, number>): number | null {
  const numeral = /^(.*) (I|II|III|IV|V|VI)$/.exec(name);
  if (numeral) {
    const order = ['I', 'II', 'III', 'IV', 'V', 'VI'];
    const index = order.indexOf(numeral[2]);
    if (index > 0) return byName.get(`${numeral[1]} ${order[index - 1]}`) ?? null;
    return null;
  }
  for (const track of PAIRED) {
    const index = track.indexOf(name);
    if (index > 0) return byName.get(track[index - 1]) ?? null;
  }
  return null;
}

const COMMON_NAMES = new Set([...COMMON_EARLY, ...COMMON_MIDDLE, ...COMMON_LATE].flat());

/** Tracks written with distinct names instead of numerals. */
const PAIRED: string[][] = CAREERS.flatMap((career) => [...career.early, ...career.middle, ...career.late]).filter((track) => track.length > 1 && !/ (I|II|III|IV|V|VI)$/.test(track[0]));

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}
