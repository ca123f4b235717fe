// The rules of answering a poll, shared by the portal and the server: what a valid answer to each
// kind of question is (SAT-free, but just as strict: a scale or choice answer is one of the
// question's own options), which mandatory questions are still unanswered, and a teacher
// evaluation's score — the mean of its scale answers, to two decimals, in exact integer arithmetic.

/** The kinds of question (catalogue category 13, by code). */
export type QuestionKind = 'SCALE' | 'SINGLE' | 'MULTI' | 'OPEN';

export type PollOption = { value: number | string; label: string };
export type PollQuestionFacts = { id: number; kind: QuestionKind; title: string; options: readonly PollOption[]; is_mandatory: boolean; is_active: boolean };

/** What a student sends for one question: a value, several values, or text. */
export type GivenAnswer = { question_id: number; value?: number | string | null; values?: readonly (number | string)[] | null; text?: string | null };

/** What is stored: the text shown back and the structured value(s). */
export type StoredAnswer = { answer: string | null; answer_json: { value: number | string } | { values: (number | string)[] } | null };

export const OPEN_ANSWER_MAX = 2000;

export class AnswerError extends Error {
  constructor(
    readonly questionId: number,
    readonly reason: 'not_an_option' | 'too_long' | 'required' | 'inactive',
  ) {
    super(`${questionId}: ${reason}`);
  }
}

/** Unknown codes read as open questions: nothing is lost, nothing is counted. */
export function questionKind(code: string | null | undefined): QuestionKind {
  const upper = (code ?? '').toUpperCase();
  return upper === 'SCALE' || upper === 'SINGLE' || upper === 'MULTI' ? upper : 'OPEN';
}

const same = (a: number | string, b: number | string) => String(a) === String(b);

/**
 * The stored form of an answer, or null when the student left it empty (an empty answer to an
 * optional question is no answer). Throws AnswerError when it is not one of the question's options.
 */
export function storedAnswer(question: PollQuestionFacts, given: GivenAnswer): StoredAnswer | null {
  if (!question.is_active) throw new AnswerError(question.id, 'inactive');
  if (question.kind === 'OPEN') {
    const text = (given.text ?? '').trim();
    if (!text) return null;
    if (text.length > OPEN_ANSWER_MAX) throw new AnswerError(question.id, 'too_long');
    return { answer: text, answer_json: null };
  }
  if (question.kind === 'MULTI') {
    const values = [...new Set((given.values ?? []).map(String))];
    if (!values.length) return null;
    const chosen = values.map((value) => question.options.find((option) => same(option.value, value)));
    if (chosen.some((option) => !option)) throw new AnswerError(question.id, 'not_an_option');
    return { answer: chosen.map((option) => option!.label).join(', '), answer_json: { values: chosen.map((option) => option!.value) } };
  }
  if (given.value === null || given.value === undefined || given.value === '') return null;
  const option = question.options.find((candidate) => same(candidate.value, given.value!));
  if (!option) throw new AnswerError(question.id, 'not_an_option');
  return { answer: option.label, answer_json: { value: option.value } };
}

/** The active mandatory questions without an answer, in the order given. */
export function unansweredMandatory(questions: readonly PollQuestionFacts[], answered: ReadonlySet<number>): PollQuestionFacts[] {
  return questions.filter((question) => question.is_active && question.is_mandatory && !answered.has(question.id));
}

/** The numeric value of a scale answer, or null. */
export function scaleValue(answer: StoredAnswer['answer_json']): number | null {
  if (!answer || !('value' in answer)) return null;
  const value = Number(answer.value);
  return Number.isFinite(value) ? value : null;
}

/** The mean of scale values as text with two decimals, rounded half up; null without any. */
export function meanScore(values: readonly number[]): string | null {
  if (!values.length) return null;
  // Scale values are small integers: hundredths of the sum, halved up, stay exact.
  const hundredths = values.reduce((sum, value) => sum + Math.round(value * 100), 0);
  const mean = Math.floor((2 * hundredths + values.length) / (2 * values.length));
  return `${Math.floor(mean / 100)}.${String(mean % 100).padStart(2, '0')}`;
}
