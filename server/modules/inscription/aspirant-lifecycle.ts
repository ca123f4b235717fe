// The applicant's record as an aggregate: its state table (what a plain save or delete may do in
// each admission step) and the one place where an applicant is deactivated. An applicant is never
// erased: taking one off the board (`delete_aspirant`, or the generic DELETE of
// inscription/api/aspirants/{id}/) marks them inactive with its history row (domain.md,
// "Admissions"), and `reactivate_aspirant` puts them back.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';
import { cancelApplicantCharges } from '@/server/modules/finance';
import { defineStates } from '@/server/engine/states';
import type { Translate } from '@/server/i18n/messages';
import { type Aspirant, allowed, moveTo } from './aspirant-state';

type Tx = Prisma.TransactionClient;

/** What an applicant fills in and staff correct while the admission runs. `is_active` is not here:
 * it changes only by deactivating or reactivating (the actions), never by a plain save. */
const APPLICATION = [
  'web_code',
  'cicle_id',
  'names',
  'first_name',
  'second_name',
  'genre',
  'email',
  'telephone',
  'telephone_code',
  'cellphone',
  'cellphone_code',
  'nation_id',
  'pending',
  'curp',
  'birthday',
  'notes_prev',
  'career_id',
  'campus_id',
  'shift_id',
  'civil_state_id',
  'how_find_id',
  'occupation_id',
  'school_origin_id',
  'address_id',
  'notes',
  'place_birth_id',
  'origin_state_id',
  'origin_country_id',
  'age',
  'live_with_parents',
  'is_reentry',
  'is_irregular',
  'is_foreign',
  'contact_name',
  'contact_telephone',
  'contact_type_id',
] as const;

/** The admission charge was issued for this period, campus and career (their price list): changing
 * them means starting over (reset_process), which cancels the charge and its reference. */
const CHARGED = ['cicle_id', 'campus_id', 'career_id'];

export const aspirantStates = defineStates({
  aggregate: 'aspirant',
  states: {
    PRE: { update: APPLICATION, delete: true, operations: ['review_aspirant', 'delete_aspirant'] },
    REV: { update: APPLICATION, delete: true, operations: ['generate_payment', 'reset_process', 'delete_aspirant'] },
    PEND: { update: APPLICATION.filter((field) => !CHARGED.includes(field)), delete: true, operations: ['generate_payment', 'reset_process', 'delete_aspirant'] },
    PAY: { update: APPLICATION, delete: true, operations: ['convert_to_student', 'delete_aspirant'] },
    // A student now: her record is the student's; the application stays as it was converted.
    INS: { update: [], delete: false },
    // Off the board: only the note on why may change; reactivating brings the rest back.
    INACTIVE: { update: ['notes'], delete: false, operations: ['reactivate_aspirant'] },
  },
  stateOf: (_tx, row) => (row.is_active === false ? 'INACTIVE' : (row.status as 'PRE' | 'REV' | 'PEND' | 'PAY' | 'INS')),
});

/**
 * Deactivates an applicant (the generic DELETE and `delete_aspirant` both come here): marked
 * inactive, nothing erased, in the caller's transaction. Answers the history rows to record.
 * What else a deactivation does to the applicant's aggregate (their open admission charge and its
 * references) belongs here too, so every way of taking an applicant off the board does it.
 */
export async function deactivateAspirant(tx: Tx, actor: Actor, aspirant: Aspirant, t: Translate, options: { reason?: string; notes?: string } = {}): Promise<HistoryEntry[]> {
  const to = allowed(aspirant, 'delete', t);
  // Taken off the board: their open charge and its bank references go with them (finance's
  // operation), so the bank can no longer take a deposit for them.
  await cancelApplicantCharges(tx, actor, aspirant.id, options.reason || t('finance.errors.applicant_deactivated'));
  return [await moveTo(tx, actor, aspirant, to, options.notes ? { notes: options.notes } : {}, options.reason)];
}
