// What the poll screens read from polls/api/polls/{id}/structure/ and the answering actions: their
// contracts' answers (lib/contracts/polls.ts).
import type { AnswerOf } from '@/lib/contracts/contract';
import type { generalResponses, pollStructure } from '@/lib/contracts/polls';

export type PollStructure = AnswerOf<typeof pollStructure>;
export type PollSectionShape = PollStructure['sections'][number];
/** A question; `answered` (staff only, null for a student): whether anyone answered it (it is then deactivated, never deleted). */
export type PollQuestion = PollSectionShape['questions'][number];

/** A student's answer as the form holds it. */
export type Draft = { value?: string | number | null; values?: (string | number)[]; text?: string };
export type StoredResponse = AnswerOf<typeof generalResponses>['answers'][number];

export function draftsOf(responses: readonly StoredResponse[]): Record<number, Draft> {
  return Object.fromEntries(
    responses.map((row) => [row.question_id, row.answer_json?.values ? { values: row.answer_json.values } : row.answer_json && 'value' in row.answer_json ? { value: row.answer_json.value } : { text: row.answer ?? '' }]),
  );
}

export function answersOf(questions: readonly PollQuestion[], drafts: Record<number, Draft>) {
  return questions.filter((question) => drafts[question.id] !== undefined).map((question) => ({ question_id: question.id, ...drafts[question.id] }));
}
