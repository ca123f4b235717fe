// The capture sheet's changes kept on the device (issue 32): one entry per cell in the order typed,
// and the decision the server takes when a change arrives. Tables of cases.
import { describe, expect, it } from 'vitest';
import { type PendingChange, conflictDecision, keepMine, newChangeKey, recordEdit, sameScore, scoreText, submitAll, toSend, typedValues } from '@/lib/grades/capture-queue';

const sheet = { user_id: 7, schedule_id: 3, partial_id: 2 };
let counter = 0;
const edit = (student_id: number, value: string, loaded = '', column = 'score') => ({ ...sheet, student_id, column, value, loaded, key: `key-${++counter}`, seq: counter });
const typeAll = (...edits: ReturnType<typeof edit>[]) => edits.reduce<PendingChange[]>((queue, next) => recordEdit(queue, next), []);

describe('comparing cells', () => {
  it.each<[string | null, string | null, boolean]>([
    ['9.5', '9.50', true],
    ['09', '9', true],
    ['9', '9.0', true],
    ['np', 'NP', true],
    ['', null, true],
    [' 8 ', '8', true],
    ['8', '8.01', false],
    ['NP', '', false],
    ['0', '', false],
    ['.5', '0.5', true],
  ])('%j and %j are the same score: %s', (a, b, same) => {
    expect(sameScore(a, b)).toBe(same);
  });

  it('writes a cell as the server compares it', () => {
    expect([scoreText('08.50'), scoreText('np'), scoreText(null), scoreText('10')]).toEqual(['8.5', 'NP', '', '10']);
  });
});

describe('what the server does with a change', () => {
  it.each<[string, string | null, string | null, string | null, 'apply' | 'already' | 'conflict']>([
    ['still what was loaded: applied', '', '8', null, 'apply'],
    ['a captured score still as loaded: applied', '7', '8', '7.0', 'apply'],
    ['already the teacher’s value (a lost answer, or the same typed twice)', '7', '8', '8.00', 'already'],
    ['someone else typed another: conflict', '7', '8', '9', 'conflict'],
    ['someone captured an empty cell: conflict', '', '8', 'NP', 'conflict'],
    ['someone emptied it: conflict', '7', '8', null, 'conflict'],
    ['the teacher empties a cell nobody touched', '7', '', '7', 'apply'],
  ])('%s', (_, loaded, value, current, decision) => {
    expect(conflictDecision({ loaded, value }, current)).toBe(decision);
  });
});

describe('the queue of a sheet', () => {
  it('keeps one entry per cell: the last value, the first loaded value, moved to the end with a new key', () => {
    const queue = typeAll(edit(1, '8'), edit(2, '7', '6'), edit(1, '8.5'), edit(1, '9'));
    expect(queue.map((change) => [change.student_id, change.value, change.loaded])).toEqual([
      [2, '7', '6'],
      [1, '9', ''],
    ]);
    expect(new Set(queue.map((change) => change.key)).size).toBe(2);
    expect(toSend(submitAll(queue, null)).map((change) => change.student_id)).toEqual([2, 1]);
  });

  it('forgets a cell edited back to the value it had', () => {
    expect(typeAll(edit(1, '8', '7'), edit(1, '7.0', '7'))).toEqual([]);
    expect(typeAll(edit(1, '8'), edit(1, ''))).toEqual([]);
  });

  it('keeps cells of factors apart from the partial and from each other', () => {
    const queue = typeAll(edit(1, '8', '', '11'), edit(1, '9', '', '12'), edit(1, '7', '', '11'));
    expect(typedValues(queue)).toEqual({ 1: { '11': '7', '12': '9' } });
  });

  it('leaves a change on its way alone: a new edit starts an entry loaded with the value being sent', () => {
    const first = typeAll(edit(1, '8'));
    const onItsWay = first.map((change) => ({ ...change, sending: true }));
    const queue = recordEdit(onItsWay, edit(1, '9'));
    expect(queue.map((change) => [change.value, change.loaded, change.sending ?? false])).toEqual([
      ['8', '', true],
      ['9', '8', false],
    ]);
    expect(toSend(submitAll(queue, null)).map((change) => change.value)).toEqual(['9']);
  });

  it('sends refused changes and conflicts only once the teacher answered them', () => {
    const [a, b, c] = typeAll(edit(1, '8'), edit(2, '99'), edit(3, '6', '5'));
    const queue: PendingChange[] = [{ ...a, submitted: true }, { ...b, submitted: true, state: 'refused', message: 'Escriba una calificación válida.' }, { ...c, state: 'conflict', conflict: { current: '9', by: 'Control Escolar', at: null } }];
    expect(toSend(queue).map((change) => change.student_id)).toEqual([1]);
    // Fixing a refused value makes it a pending change again.
    const fixed = recordEdit(queue, edit(2, '9.5'));
    expect(fixed.find((change) => change.student_id === 2)).toMatchObject({ state: 'pending', message: null, value: '9.5' });
  });

  it('keeps typed changes without sending them until the teacher saves; a later edit waits for the next Guardar', () => {
    const typed = typeAll(edit(1, '8', '7'), edit(2, '9'));
    expect(toSend(typed)).toEqual([]);
    const saved = submitAll(typed, 'Revisión');
    expect(toSend(saved).map((change) => [change.student_id, change.notes])).toEqual([
      [1, 'Revisión'],
      [2, 'Revisión'],
    ]);
    const edited = recordEdit(saved, edit(1, '8.5'));
    expect(toSend(edited).map((change) => change.student_id)).toEqual([2]);
    // Saving without a note keeps the note a change already had.
    expect(submitAll(edited, null).find((change) => change.student_id === 1)).toMatchObject({ value: '8.5', loaded: '7', notes: 'Revisión', submitted: true });
  });

  it('a conflict kept by the teacher is sent again over the server’s value, with a new key', () => {
    const [change] = typeAll(edit(3, '6', '5'));
    const conflict: PendingChange = { ...change, state: 'conflict', conflict: { current: '9', by: 'Ana', at: '2026-11-28T10:00:00Z' } };
    const kept = keepMine(conflict, 'new-key');
    expect(kept).toMatchObject({ key: 'new-key', loaded: '9', value: '6', state: 'pending', submitted: true, conflict: null });
    // Typing over a conflict is an answer too: over the server's value; typing the server's value settles it.
    expect(recordEdit([conflict], edit(3, '7', '5'))[0]).toMatchObject({ loaded: '9', value: '7', state: 'pending' });
    expect(recordEdit([conflict], edit(3, '9', '5'))).toEqual([]);
  });

  it('makes keys in the shape of a UUID v4, different each time', () => {
    const keys = Array.from({ length: 50 }, () => newChangeKey());
    expect(new Set(keys).size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
