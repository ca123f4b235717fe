// What Inscr./Reins. › Inscripciones shows of each applicant who became a student in a period
// (GET inscription/api/aspirants/inscriptions/): the server builds it, the screen reads it. The
// shape is the action's contract (lib/contracts/inscription.ts).
import type { AnswerOf } from '@/lib/contracts/contract';
import type { periodInscriptions } from '@/lib/contracts/inscription';

export type InscriptionsAnswer = AnswerOf<typeof periodInscriptions>;
export type InscriptionRow = InscriptionsAnswer['rows'][number];
