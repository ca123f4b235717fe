// What Inscr./Reins. › Inscripciones shows of each applicant who became a student in a period
// (GET inscription/api/aspirants/inscriptions/): the server builds it, the screen reads it.

export type InscriptionRow = {
  aspirant_id: number;
  student_id: number;
  no_control: string;
  name: string;
  career: string | null;
  shift: string | null;
  group: string | null;
  /** The day the student record was created (`2026-08-06`). */
  inscribed_at: string;
  /** Money of the period's charges, as exact decimal text (`4450.00`). */
  charged: string;
  paid: string;
  debt: string;
  /** The mandatory documents still missing from their file, by name. */
  pending_documents: string[];
};

export type InscriptionsAnswer = { total: number; with_debt: number; with_pending_documents: number; rows: InscriptionRow[] };
