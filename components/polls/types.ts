// What the poll screens read from polls/api/polls/{id}/structure/ and the answering actions.
import type { QuestionKind } from '@/lib/polls/answers';

export type PollQuestion = {
  id: number;
  title: string;
  subtitle: string | null;
  kind: QuestionKind;
  question_type_id: number | null;
  options: { value: number | string; label: string }[];
  is_mandatory: boolean;
  is_active: boolean;
  question_order: number;
  /** Staff only: whether anyone answered it (it is then deactivated, never deleted). */
  answered?: boolean;
};
export type PollSectionShape = { id: number; title: string; questions: PollQuestion[] };
export type PollStructure = { id: number; title: string; instructions: string | null; start_message: string | null; end_message: string | null; sections: PollSectionShape[] };

/** A student's answer as the form holds it. */
export type Draft = { value?: string | number | null; values?: (string | number)[]; text?: string };
export type StoredResponse = { question_id: number; answer: string | null; answer_json: { value?: string | number; values?: (string | number)[] } | null };

export function draftsOf(responses: readonly StoredResponse[]): Record<number, Draft> {
  return Object.fromEntries(
    responses.map((row) => [row.question_id, row.answer_json?.values ? { values: row.answer_json.values } : row.answer_json && 'value' in row.answer_json ? { value: row.answer_json.value } : { text: row.answer ?? '' }]),
  );
}

export function answersOf(questions: readonly PollQuestion[], drafts: Record<number, Draft>) {
  return questions.filter((question) => drafts[question.id] !== undefined).map((question) => ({ question_id: question.id, ...drafts[question.id] }));
}
