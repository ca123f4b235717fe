// Answering a poll: each kind of question takes only its own options, an empty optional answer is
// no answer, mandatory questions are named when missing, and a score is the exact mean.
import { describe, expect, it } from 'vitest';
import { AnswerError, meanScore, type PollQuestionFacts, questionKind, storedAnswer, unansweredMandatory } from '@/lib/polls/answers';

const SCALE = [5, 4, 3, 2, 1].map((value, index) => ({ value, label: ['Siempre', 'Casi siempre', 'A veces', 'Casi nunca', 'Nunca'][index] }));
const question = (kind: PollQuestionFacts['kind'], extra: Partial<PollQuestionFacts> = {}): PollQuestionFacts => ({
  id: 7,
  kind,
  title: 'P',
  options: kind === 'SCALE' ? SCALE : [{ value: 'caja', label: 'En caja' }, { value: 'web', label: 'Portal' }],
  is_mandatory: true,
  is_active: true,
  ...extra,
});

describe('an answer', () => {
  it.each([
    ['a scale value', question('SCALE'), { value: 4 }, { answer: 'Casi siempre', answer_json: { value: 4 } }],
    ['a scale value sent as text', question('SCALE'), { value: '5' }, { answer: 'Siempre', answer_json: { value: 5 } }],
    ['one choice', question('SINGLE'), { value: 'web' }, { answer: 'Portal', answer_json: { value: 'web' } }],
    ['several choices, repeated once', question('MULTI'), { values: ['web', 'caja', 'web'] }, { answer: 'Portal, En caja', answer_json: { values: ['web', 'caja'] } }],
    ['open text, trimmed', question('OPEN', { options: [] }), { text: '  Más prácticas.  ' }, { answer: 'Más prácticas.', answer_json: null }],
    ['nothing chosen', question('SINGLE'), { value: null }, null],
    ['empty text', question('OPEN', { options: [] }), { text: '   ' }, null],
  ])('%s', (_name, facts, given, expected) => {
    expect(storedAnswer(facts, { question_id: 7, ...given })).toEqual(expected);
  });

  it.each([
    ['a value outside the scale', question('SCALE'), { value: 6 }, 'not_an_option'],
    ['a choice not offered', question('SINGLE'), { value: 'banco' }, 'not_an_option'],
    ['one bad choice among good ones', question('MULTI'), { values: ['web', 'x'] }, 'not_an_option'],
    ['text over 2,000 characters', question('OPEN', { options: [] }), { text: 'a'.repeat(2001) }, 'too_long'],
    ['an inactive question', question('SCALE', { is_active: false }), { value: 5 }, 'inactive'],
  ])('refuses %s', (_name, facts, given, reason) => {
    expect(() => storedAnswer(facts, { question_id: 7, ...given })).toThrow(expect.objectContaining({ reason }));
    expect(() => storedAnswer(facts, { question_id: 7, ...given })).toThrow(AnswerError);
  });
});

describe('mandatory questions', () => {
  it('names the active mandatory ones without an answer', () => {
    const questions = [question('SCALE', { id: 1 }), question('OPEN', { id: 2, is_mandatory: false }), question('SINGLE', { id: 3 }), question('SCALE', { id: 4, is_active: false })];
    expect(unansweredMandatory(questions, new Set([1])).map((item) => item.id)).toEqual([3]);
    expect(unansweredMandatory(questions, new Set([1, 3]))).toEqual([]);
  });
});

describe('a teacher evaluation’s score', () => {
  it.each([
    [[5, 4, 4], '4.33'],
    [[5, 5, 4], '4.67'],
    [[1, 2], '1.50'],
    [[3], '3.00'],
    [[4, 5, 5, 5, 5, 5, 5, 5], '4.88'],
    [[], null],
  ] as const)('%j -> %s', (values, expected) => {
    expect(meanScore(values)).toBe(expected);
  });

  it('reads question kinds from their catalogue codes', () => {
    expect(['scale', 'SINGLE', 'Multi', 'OPEN', 'OTHER', null].map(questionKind)).toEqual(['SCALE', 'SINGLE', 'MULTI', 'OPEN', 'OPEN', 'OPEN']);
  });
});
