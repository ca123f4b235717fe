// The rules behind the grades screens for people: what a capture sheet says about its window, the
// partial a sheet opens on, the concentrated grid of a group and the week read day by day.
import { describe, expect, it } from 'vitest';
import { type ConcentrateLine, concentrate } from '@/lib/grades/concentrate';
import type { GradeSettings } from '@/lib/grades/score';
import { type ExtraStatus, examCaptureNotice } from '@/lib/grades/extraordinary';
import { classesByDay } from '@/lib/grades/week';
import { type CaptureNotice, type CaptureWindow, type ClassPartial, type PartialChoice, type WindowState, captureNotice, defaultPartial, partialToCapture } from '@/lib/grades/window';

const DEC: GradeSettings = { min_cal: '0', max_cal: '10', min_approve: '6', precision_cal: 1, calculate_type: 'DEC' };
const CLOSED: Pick<WindowState, 'by' | 'until'> = { by: null, until: null };
const on = (start_eval: string | null, end_eval: string | null, allow_scores = true): CaptureWindow => ({ allow_scores, start_eval, end_eval });

describe('what a capture sheet says about its window', () => {
  it.each<[string, CaptureWindow, Pick<WindowState, 'by' | 'until'>, string, CaptureNotice]>([
    ['open by the partial, until its last day', on('2026-10-01', '2026-10-08'), { by: 'partial', until: '2026-10-08' }, '2026-10-03', { kind: 'open', date: '2026-10-08' }],
    ['open by an exception, until the exception ends', on('2026-09-01', '2026-09-08'), { by: 'exception', until: '2026-10-20' }, '2026-10-03', { kind: 'exception', date: '2026-10-20' }],
    ['not yet: opens on its first day', on('2026-12-14', '2026-12-21'), CLOSED, '2026-10-03', { kind: 'opens', date: '2026-12-14', pending: false }],
    ['the day before it opens', on('2026-12-14', '2026-12-21'), CLOSED, '2026-12-13', { kind: 'opens', date: '2026-12-14', pending: false }],
    ['not yet and switched off: opens once Control Escolar turns it on', on('2026-12-14', '2026-12-21', false), CLOSED, '2026-10-03', { kind: 'opens', date: '2026-12-14', pending: true }],
    ['past: closed on its last day', on('2026-09-26', '2026-10-03'), CLOSED, '2026-10-04', { kind: 'closed', date: '2026-10-03' }],
    ['past and switched off: still says when it closed', on('2026-09-26', '2026-10-03', false), CLOSED, '2026-11-30', { kind: 'closed', date: '2026-10-03' }],
    ['within its dates but switched off', on('2026-10-01', '2026-10-08', false), CLOSED, '2026-10-03', { kind: 'off' }],
    ['no dates at all', on(null, null), CLOSED, '2026-10-03', { kind: 'undated' }],
    ['only an end day, already past', on(null, '2026-10-03'), CLOSED, '2026-10-05', { kind: 'closed', date: '2026-10-03' }],
    ['only a start day, not yet', on('2026-10-10', null), CLOSED, '2026-10-05', { kind: 'opens', date: '2026-10-10', pending: false }],
  ])('%s', (_, partial, window, today, expected) => {
    expect(captureNotice(partial, window, today)).toEqual(expected);
  });
});

describe('the partial a sheet opens on', () => {
  const p = (id: number, no: number, start_eval: string | null, end_eval: string | null, partial_type = 'O', allow_scores = true): PartialChoice => ({ id, no, partial_type, start_eval, end_eval, allow_scores });
  const period = [p(1, 1, '2026-09-01', '2026-09-08'), p(2, 2, '2026-10-01', '2026-10-08'), p(3, 3, '2026-11-01', '2026-11-08'), p(5, 5, '2027-01-10', '2027-01-20', 'X')];
  it.each<[string, PartialChoice[], string, number | null]>([
    ['the one open today', period, '2026-10-03', 2],
    ['between windows: the latest started', period, '2026-10-20', 2],
    ['after the last ordinary window: the last ordinary', period, '2027-01-15', 3],
    ['before any: the first of the list', period, '2026-08-01', 1],
    ['open dates but switched off: the latest started instead', [p(1, 1, '2026-09-01', '2026-09-08'), p(2, 2, '2026-10-01', '2026-10-08', 'O', false)], '2026-10-03', 2],
    ['an extra window open today is not an ordinary partial', [p(1, 1, '2026-09-01', '2026-09-08'), p(5, 5, '2026-10-01', '2026-10-08', 'X')], '2026-10-03', 1],
    ['no partials', [], '2026-10-03', null],
  ])('%s', (_, partials, today, expected) => {
    expect(defaultPartial(partials, today)?.id ?? null).toBe(expected);
  });
});

describe('what a class opens in Mis clases', () => {
  const p = (id: number, no: number, start_eval: string | null, end_eval: string | null, extra: Partial<ClassPartial> = {}): ClassPartial => ({ id, no, partial_type: 'O', start_eval, end_eval, allow_scores: true, exceptions: [], ...extra });
  const term = [p(1, 1, '2026-09-01', '2026-09-08'), p(2, 2, '2026-10-01', '2026-10-08'), p(3, 3, '2026-11-01', '2026-11-08')];
  type Expected = { state: 'open'; id: number; by: 'partial' | 'exception'; until: string | null } | { state: 'next'; id: number; from: string; pending: boolean } | { state: 'none' };
  const summary = (chosen: ReturnType<typeof partialToCapture>): Expected =>
    chosen.state === 'open' ? { state: 'open', id: chosen.partial.id, by: chosen.by, until: chosen.until } : chosen.state === 'next' ? { state: 'next', id: chosen.partial.id, from: chosen.from, pending: chosen.pending } : { state: 'none' };
  it.each<[string, ClassPartial[], string, Expected]>([
    ['its window holds today', term, '2026-10-03', { state: 'open', id: 2, by: 'partial', until: '2026-10-08' }],
    ['the first and last days of the window count', term, '2026-10-08', { state: 'open', id: 2, by: 'partial', until: '2026-10-08' }],
    ['between windows: the next and the day it opens', term, '2026-10-20', { state: 'next', id: 3, from: '2026-11-01', pending: false }],
    ['before the term: the first partial', term, '2026-08-01', { state: 'next', id: 1, from: '2026-09-01', pending: false }],
    ['an exception for the class opens a past partial', [p(1, 1, '2026-09-01', '2026-09-08', { exceptions: [{ start: '2026-10-18', end: '2026-10-22' }] }), ...term.slice(1)], '2026-10-20', { state: 'open', id: 1, by: 'exception', until: '2026-10-22' }],
    ['an exception that opens sooner than the next window is the next', [p(1, 1, '2026-09-01', '2026-09-08', { exceptions: [{ start: '2026-10-25', end: '2026-10-27' }] }), ...term.slice(1)], '2026-10-20', { state: 'next', id: 1, from: '2026-10-25', pending: false }],
    ['dates set but switched off: not open, and the next one waits for Control Escolar', [p(1, 1, '2026-10-01', '2026-10-08', { allow_scores: false }), p(2, 2, '2026-11-01', '2026-11-08', { allow_scores: false })], '2026-10-03', { state: 'next', id: 2, from: '2026-11-01', pending: true }],
    ['two open at once: the lower number', [p(2, 2, '2026-10-01', '2026-10-08'), p(1, 1, '2026-09-01', '2026-09-08', { exceptions: [{ start: '2026-10-01', end: '2026-10-30' }] })], '2026-10-03', { state: 'open', id: 1, by: 'exception', until: '2026-10-30' }],
    ['an extra exam window is not a partial of the class', [p(5, 5, '2026-10-01', '2026-10-08', { partial_type: 'X' })], '2026-10-03', { state: 'none' }],
    ['after the last window: nothing', term, '2026-12-01', { state: 'none' }],
    ['no dates at all: nothing', [p(1, 1, null, null)], '2026-10-03', { state: 'none' }],
  ])('%s', (_, partials, today, expected) => {
    expect(summary(partialToCapture(partials, today))).toEqual(expected);
  });
});

describe("a group's concentrated grid", () => {
  const line = (student: number, name: string, subject: number, code: string, scores: Partial<ConcentrateLine>): ConcentrateLine => ({
    student_id: student,
    no_control: `2026${student}`,
    full_name: name,
    subject_id: subject,
    subject_code: code,
    subject_description: `Materia ${code}`,
    ord_1: null,
    ord_2: null,
    ord_3: null,
    ord_4: null,
    final: null,
    extra: null,
    ts: null,
    ref: null,
    ...scores,
  });
  const lines = [
    line(2, 'Zamora Ruiz Luis', 10, 'MAT-2', { ord_1: '5.9', final: '7.0', ref: '7.0' }),
    line(1, 'Álvarez Ibarra Daniela', 10, 'MAT-2', { ord_1: '6', final: '5.0', extra: '8.0', ref: '8.0' }),
    line(1, 'Álvarez Ibarra Daniela', 11, 'FIS-1', { ord_1: '10', final: '4.5', ref: '4.5' }),
    line(2, 'Zamora Ruiz Luis', 11, 'FIS-1', {}),
  ];

  it.each<[string, 'ord_1' | 'final' | 'ref', Record<string, Record<string, string>>, Record<string, number>]>([
    ['the first partial: 5.9 fails, 6 passes (min_approve 6)', 'ord_1', { 1: { 10: '6 ok', 11: '10 ok' }, 2: { 10: '5.9 failed' } }, { 1: 0, 2: 1 }],
    ['the ordinary final', 'final', { 1: { 10: '5.0 failed', 11: '4.5 failed' }, 2: { 10: '7.0 ok' } }, { 1: 2, 2: 0 }],
    ['the score that counts: a passed extra replaces the final', 'ref', { 1: { 10: '8.0 ok', 11: '4.5 failed' }, 2: { 10: '7.0 ok' } }, { 1: 1, 2: 0 }],
  ])('%s', (_, column, cells, failures) => {
    const grid = concentrate(lines, column, DEC);
    const shown = Object.fromEntries(grid.students.map((student) => [student.student_id, Object.fromEntries(Object.entries(student.cells).map(([subject, cell]) => [subject, `${cell.score} ${cell.failed ? 'failed' : 'ok'}`]))]));
    expect(shown).toEqual(cells);
    expect(Object.fromEntries(grid.students.map((student) => [student.student_id, student.failed]))).toEqual(failures);
  });

  it('lists students by name (accents aside) and subjects by code, with the failures of each subject', () => {
    const grid = concentrate(lines, 'final', DEC);
    expect(grid.students.map((student) => student.full_name)).toEqual(['Álvarez Ibarra Daniela', 'Zamora Ruiz Luis']);
    expect(grid.subjects.map((subject) => [subject.code, subject.failed])).toEqual([['FIS-1', 1], ['MAT-2', 1]]);
  });

  it('follows the passing grade of the settings', () => {
    expect(concentrate(lines, 'final', { ...DEC, min_approve: '7' }).students.find((student) => student.student_id === 2)!.cells[10]).toEqual({ score: '7.0', failed: false });
    expect(concentrate(lines, 'final', { ...DEC, min_approve: '7.5' }).students.find((student) => student.student_id === 2)!.cells[10]).toEqual({ score: '7.0', failed: true });
  });
});

describe('the week day by day', () => {
  const math = { id: 1, hours: [{ week_day: 3, start_hour: '10:00', end_hour: '12:00' }, { week_day: 1, start_hour: '08:00', end_hour: '10:00' }] };
  const physics = { id: 2, hours: [{ week_day: 1, start_hour: '07:00', end_hour: '08:00' }, { week_day: 5, start_hour: '09:00', end_hour: '10:00' }] };
  it.each<[string, { id: number; hours: { week_day: number; start_hour: string; end_hour: string }[] }[], string[]]>([
    ['days in week order, classes by start time', [math, physics], ['1: 2@07:00 1@08:00', '3: 1@10:00', '5: 2@09:00']],
    ['a class without hours adds no day', [{ id: 3, hours: [] }, physics], ['1: 2@07:00', '5: 2@09:00']],
    ['no classes, no days', [], []],
  ])('%s', (_, classes, expected) => {
    expect(classesByDay(classes).map(({ day, classes: list }) => `${day}: ${list.map((entry) => `${entry.item.id}@${entry.start_hour}`).join(' ')}`)).toEqual(expected);
  });
});

describe("what an exam's capture says about its deadline", () => {
  const now = new Date('2026-10-05T12:00:00-06:00').getTime();
  const r = (status: ExtraStatus, limit_capture: string | null) => ({ status, limit_capture });
  it.each<[string, { status: ExtraStatus; limit_capture: string | null }[], ReturnType<typeof examCaptureNotice>]>([
    ['open until the earliest deadline ahead', [r('APPROVED', '2026-10-09T05:59:59Z'), r('APPROVED', '2026-10-07T05:59:59Z'), r('APPROVED', '2026-10-01T05:59:59Z')], { kind: 'open', date: '2026-10-07T05:59:59Z' }],
    ['a request without a deadline stays open', [r('APPROVED', null), r('APPROVED', '2026-10-01T05:59:59Z')], { kind: 'open', date: null }],
    ['every deadline passed: closed on the latest', [r('APPROVED', '2026-10-01T05:59:59Z'), r('APPROVED', '2026-10-03T05:59:59Z'), r('GRADED', '2026-10-20T05:59:59Z')], { kind: 'closed', date: '2026-10-03T05:59:59Z' }],
    ['graded, requested or paid ones do not wait for a grade', [r('GRADED', '2026-10-01T05:59:59Z'), r('REQ', null), r('PAID', '2026-10-20T05:59:59Z')], null],
    ['no requests', [], null],
  ])('%s', (_, requests, expected) => {
    expect(examCaptureNotice(requests, now)).toEqual(expected);
  });
});
