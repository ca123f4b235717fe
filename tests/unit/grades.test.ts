// Score calculation (spec section 3 "Derived values", design/domain.md "Grades"): tables of cases.
import { describe, expect, it } from 'vitest';
import { parseDecimal, roundHalfUp } from '@/lib/grades/decimal';
import { type ExtraStatus, approvalProblem, canMove, examConcept, examDatesProblem } from '@/lib/grades/extraordinary';
import { type KardexRow, summarizeKardex } from '@/lib/grades/kardex';
import { captureWindow, schoolToday } from '@/lib/grades/window';
import { type FactorScore, type GradeSettings, countingScore, documentScore, factorProblem, isApproved, ordinaryFinal, partialFromFactors, validScore } from '@/lib/grades/score';

const DEC: GradeSettings = { min_cal: '0', max_cal: '10', min_approve: '6', precision_cal: 1, calculate_type: 'DEC' };
const PER: GradeSettings = { ...DEC, calculate_type: 'PER' };
const f = (value: string, score: string | null, is_attendance = false): FactorScore => ({ value, score, is_attendance });

describe('a partial from its factors', () => {
  it.each<[string, GradeSettings, FactorScore[], string | null]>([
    ['decimal mode: Σ score × value / 100', DEC, [f('40', '8.5'), f('60', '9')], '8.8'],
    ['decimal mode, three factors', DEC, [f('30', '7'), f('30', '8'), f('40', '10')], '8.5'],
    ['percentage mode: Σ score/100 × value / 10', PER, [f('40', '85'), f('60', '90')], '8.8'],
    ['percentage mode, a perfect score', PER, [f('50', '100'), f('50', '100')], '10.0'],
    ['attendance factors are left out', DEC, [f('40', '8'), f('50', '6'), f('10', '0', true)], '6.2'],
    ['an attendance factor without score does not block', DEC, [f('50', '8'), f('50', '9'), f('20', null, true)], '8.5'],
    ['weights under 100 % give a lower score', DEC, [f('50', '10')], '5.0'],
    ['a missing score leaves the partial open', DEC, [f('50', '8'), f('50', null)], null],
    ['only attendance: nothing to compute', DEC, [f('100', '10', true)], null],
    ['no factors', DEC, [], null],
    ['half up at the precision: 8.25 -> 8.3', DEC, [f('50', '8'), f('50', '8.5')], '8.3'],
    ['half up, not banker’s: 8.35 -> 8.4', DEC, [f('50', '8.2'), f('50', '8.5')], '8.4'],
    ['just under half stays down: 8.229 -> 8.2', DEC, [f('10', '8.49'), f('90', '8.2')], '8.2'],
    ['0.1 + 0.2 style sums are exact', DEC, [f('33.33', '9.9'), f('33.33', '9.9'), f('33.34', '9.9')], '9.9'],
  ])('%s', (_, settings, factors, expected) => {
    expect(partialFromFactors(factors, settings)).toBe(expected);
  });

  it('clamps to min_cal..max_cal before rounding', () => {
    const strict: GradeSettings = { ...DEC, min_cal: '5', max_cal: '10' };
    expect(partialFromFactors([f('100', '2')], strict)).toBe('5.0');
    expect(partialFromFactors([f('60', '10'), f('60', '10')], { ...DEC })).toBe('10.0');
    expect(partialFromFactors([f('100', '4.96')], { ...strict, precision_cal: 1 })).toBe('5.0');
  });

  it('rounds at the setting precision', () => {
    expect(partialFromFactors([f('50', '8'), f('50', '8.55')], { ...DEC, precision_cal: 2 })).toBe('8.28');
    expect(partialFromFactors([f('50', '8'), f('50', '9')], { ...DEC, precision_cal: 0 })).toBe('9');
    expect(partialFromFactors([f('50', '8'), f('50', '8.9')], { ...DEC, precision_cal: 0 })).toBe('8');
  });
});

describe('the ordinary final and what counts', () => {
  it.each<[string, (string | null)[], number, string | null]>([
    ['average of four partials', ['8', '9', '7', '10'], 4, '8.5'],
    ['half up: 7.25 -> 7.3', ['7', '7.5', '7', '7.5'], 4, '7.3'],
    ['NP counts 0', ['8', 'NP', '8', '8'], 4, '6.0'],
    ['a missing partial leaves it open', ['8', null, '8', '8'], 4, null],
    ['only the period partials count', ['8', '9', '10'], 2, '8.5'],
    ['fewer partials than the period has', ['8'], 3, null],
  ])('%s', (_, partials, expected, final) => {
    expect(ordinaryFinal(partials, expected, DEC)).toBe(final);
  });

  it.each<[string | null, boolean]>([
    ['6', true],
    ['6.0', true],
    ['5.99', false],
    ['10', true],
    ['0', false],
    [null, false],
  ])('approved(%s) = %s at min_approve 6', (score, approved) => {
    expect(isApproved(score, DEC)).toBe(approved);
  });

  it.each<[string, { final: string | null; extra: string | null; ts: string | null }, string | null]>([
    ['a passed final stands', { final: '8.0', extra: null, ts: null }, '8.0'],
    ['a passed extra replaces a failed final', { final: '5.0', extra: '7.0', ts: null }, '7.0'],
    ['a failed extra leaves the final', { final: '5.0', extra: '4.0', ts: null }, '5.0'],
    ['a T.S. after a failed extra', { final: '4.0', extra: '5.0', ts: '8.0' }, '8.0'],
    ['nothing captured', { final: null, extra: null, ts: null }, null],
  ])('%s', (_, attempts, counting) => {
    expect(countingScore(attempts)).toBe(counting);
  });

  it('shows a failed subject as 5 at most on official documents', () => {
    expect(documentScore('5.8', DEC)).toBe('5.0');
    expect(documentScore('3.5', DEC)).toBe('3.5');
    expect(documentScore('8.4', DEC)).toBe('8.4');
  });
});

describe('typed scores and factors', () => {
  it.each<[string, 'partial' | 'factor', GradeSettings, boolean]>([
    ['8.5', 'partial', DEC, true],
    ['10', 'partial', DEC, true],
    ['10.1', 'partial', DEC, false],
    ['8.55', 'partial', DEC, false],
    ['-1', 'partial', DEC, false],
    ['NP', 'partial', DEC, true],
    ['np', 'partial', DEC, true],
    ['ocho', 'partial', DEC, false],
    ['', 'partial', DEC, false],
    ['95', 'factor', PER, true],
    ['101', 'factor', PER, false],
    ['9.75', 'factor', DEC, true],
    ['NP', 'factor', DEC, false],
  ])('%s as a %s score -> %s', (text, scale, settings, valid) => {
    expect(validScore(text, settings, scale)).toBe(valid);
  });

  it.each<[string, { value: string; is_attendance: boolean }[], string | null]>([
    ['five factors of 20 %', Array.from({ length: 5 }, () => ({ value: '20', is_attendance: false })), null],
    ['six factors', Array.from({ length: 6 }, () => ({ value: '10', is_attendance: false })), 'errors.factors_too_many'],
    ['100.01 %', [{ value: '50', is_attendance: false }, { value: '50.01', is_attendance: false }], 'errors.factors_over_100'],
    ['attendance outside the 100 %', [{ value: '100', is_attendance: false }, { value: '10', is_attendance: true }], null],
  ])('%s', (_, factors, problem) => {
    expect(factorProblem(factors)).toBe(problem);
  });

  it('rounds exactly', () => {
    expect(roundHalfUp(parseDecimal('2.675')!, 2)).toBe('2.68');
    expect(roundHalfUp(parseDecimal('-2.5')!, 0)).toBe('-3');
    expect(roundHalfUp(parseDecimal('0.04')!, 1)).toBe('0.0');
  });
});

describe('capture windows', () => {
  const partial = { allow_scores: true, start_eval: '2026-03-02', end_eval: '2026-03-08' };
  it.each<[string, typeof partial, { start: string; end: string }[], string, boolean, string | null]>([
    ['inside the partial window', partial, [], '2026-03-05', true, 'partial'],
    ['on its first day', partial, [], '2026-03-02', true, 'partial'],
    ['on its last day', partial, [], '2026-03-08', true, 'partial'],
    ['the day after', partial, [], '2026-03-09', false, null],
    ['capture switched off', { ...partial, allow_scores: false }, [], '2026-03-05', false, null],
    ['no dates set', { allow_scores: true, start_eval: null, end_eval: null } as unknown as typeof partial, [], '2026-03-05', false, null],
    ['an exception opens it later', partial, [{ start: '2026-03-10', end: '2026-03-12' }], '2026-03-11', true, 'exception'],
    ['an exception already over', partial, [{ start: '2026-03-10', end: '2026-03-12' }], '2026-03-13', false, null],
  ])('%s', (_, window, exceptions, today, open, by) => {
    const state = captureWindow(window, exceptions, today);
    expect(state.open).toBe(open);
    expect(state.by).toBe(by);
  });

  it("knows the school's day", () => {
    expect(schoolToday(new Date('2026-03-06T05:30:00Z'))).toBe('2026-03-05');
    expect(schoolToday(new Date('2026-03-06T07:00:00Z'))).toBe('2026-03-06');
  });
});

describe('the kardex summary', () => {
  const row = (grade: number, code: string, cicle: string, final: string | null, credit = '8', extra: string | null = null): KardexRow => ({
    subject_id: Number(code.replace(/\D/g, '')),
    grade,
    code,
    description: code,
    credit,
    cicle_description: cicle,
    score: final,
    extra_cicle_description: extra ? cicle : null,
    extra_score: extra,
    ts_cicle_description: null,
    ts_score: null,
    final_score: extra ?? final,
  });
  const rows = [row(1, 'MAT1', '2025-1', '9.0'), row(1, 'FIS1', '2025-1', '8.5', '6'), row(1, 'QUI1', '2025-1', '5.0', '6', '7.0'), row(2, 'MAT2', '2025-2', '5.5'), row(2, 'FIS2', '2025-2', null)];

  it('averages each grade, each period and all, half up at the precision, counting passed extras', () => {
    const summary = summarizeKardex(rows, DEC);
    expect(summary.grades.map((grade) => [grade.grade, grade.average])).toEqual([
      [1, '8.2'],
      [2, '5.5'],
    ]);
    expect(summary.periods).toEqual([
      { cicle: '2025-1', average: '8.2', subjects: 3 },
      { cicle: '2025-2', average: '5.5', subjects: 1 },
    ]);
    // (9 + 8.5 + 7 + 5.5) / 4 = 7.5
    expect(summary.average).toBe('7.5');
  });

  it('earns the credits of passed subjects only', () => {
    const summary = summarizeKardex(rows, DEC);
    expect(summary.credits).toBe('20.00');
    expect([summary.approved, summary.failed]).toEqual([3, 1]);
    expect(summarizeKardex([], DEC)).toMatchObject({ average: null, credits: '0.00', grades: [] });
  });
});

describe('extraordinary requests', () => {
  it.each<[ExtraStatus, ExtraStatus, boolean]>([
    ['REQ', 'PAID', true],
    ['PAID', 'APPROVED', true],
    ['APPROVED', 'GRADED', true],
    ['REQ', 'CANCELLED', true],
    ['APPROVED', 'CANCELLED', true],
    ['REQ', 'APPROVED', false],
    ['REQ', 'GRADED', false],
    ['GRADED', 'CANCELLED', false],
    ['CANCELLED', 'REQ', false],
    ['PAID', 'PAID', true],
  ])('%s -> %s: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it.each<[string, { status: ExtraStatus; paid: boolean }, number, number, string | null]>([
    ['paid, first of the period', { status: 'PAID', paid: true }, 0, 3, null],
    ['paid, the third of three', { status: 'PAID', paid: true }, 2, 3, null],
    ['paid, over the maximum', { status: 'PAID', paid: true }, 3, 3, 'errors.extra_over_max'],
    ['not paid', { status: 'REQ', paid: false }, 0, 3, 'errors.extra_not_paid'],
    ['already graded', { status: 'GRADED', paid: true }, 0, 3, 'errors.extra_state'],
  ])('approval: %s', (_, request, approved, max, problem) => {
    expect(approvalProblem(request, approved, max)).toBe(problem);
  });
});

describe("an exam's concept and dates", () => {
  const concepts = [
    { id: 1, code: 'EXADM', description: 'Examen de admisión' },
    { id: 2, code: 'EXT', description: 'Examen extraordinario' },
    { id: 3, code: 'TS', description: 'Examen a título de suficiencia' },
  ];
  it.each<[string, 'X' | 'T', { id: number; code: string; description: string }[], number | null]>([
    ['an extra takes EXT', 'X', concepts, 2],
    ['a T.S. takes TS', 'T', concepts, 3],
    ['other codes: by the description', 'X', [{ id: 7, code: 'E-01', description: 'Extraordinario de materia' }], 7],
    ['T.S. by the description', 'T', [{ id: 8, code: 'E-02', description: 'Título de suficiencia' }], 8],
    ['the admission exam never charges an extra', 'X', [concepts[0]], null],
    ['no concepts', 'T', [], null],
  ])('%s', (_, category, list, expected) => {
    expect(examConcept(category, list)?.id ?? null).toBe(expected);
  });

  it.each<[string, string | null, string | null, string | null]>([
    ['both, deadline after the exam', '2026-12-07', '2026-12-10', null],
    ['the deadline the same day', '2026-12-07', '2026-12-07', null],
    ['no exam date', null, '2026-12-10', 'errors.exam_date'],
    ['no deadline', '2026-12-07', null, 'errors.limit_date'],
    ['deadline before the exam', '2026-12-07', '2026-12-06', 'errors.limit_before_exam'],
  ])('%s', (_, exam, limit, expected) => {
    expect(examDatesProblem(exam, limit)?.message ?? null).toBe(expected);
  });
});
