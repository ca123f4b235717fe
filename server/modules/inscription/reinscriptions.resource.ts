// inscription/api/reinscriptions/: re-enrolment of students into the next period (reinscripciones),
// Inscr./Reins. > Reinscripciones. Generating them, their charges and the group changes are the
// reinscription actions; a plain save records or corrects one.
import { z } from 'zod';
import { integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import { fieldError } from '@/server/errors';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { orDefault, recordedBy, valueAfterWrite } from '@/server/modules/shared/fields';
import { reinscriptionActions } from './reinscription-actions';

/** Months as [{ "month": 1, "year": 2025 }, ...], each at most once. */
const months = z
  .array(z.object({ month: integer(1, 12), year: integer(2000, 2100) }))
  .max(60)
  .refine((list) => new Set(list.map(({ month, year }) => `${year}-${month}`)).size === list.length, { message: 'errors.invalid' });

export const reinscriptionsResource = modelResource({
    base: 'inscription/api/reinscriptions/',
    model: 'Reinscription',
    access: { routes: ['permanence-reinscriptions'], readRoutes: ['finance-sales', 'permanence-recurrent'], permission: 'reinscriptions' },
    search: ['notes', 'cancel_note', ...STUDENT_SEARCH],
    ordering: ['-created_at', '-id'],
    readOnlyFields: ['user_id'],
    fields: { pending_months: orDefault(months), pay_months: orDefault(months) },
    campusFilter: (campusId) => ({ student: { career: { campus_id: campusId } } }),
    inputToData: (input, write) => {
      // Cancelling needs a reason (spec section 4).
      const cancelling = input.reinscription_status === 'Cancelled' && write.existing?.reinscription_status !== 'Cancelled';
      const reason = valueAfterWrite(input, write.existing, 'cancel_note');
      if (cancelling && (typeof reason !== 'string' || reason.trim() === '')) throw fieldError('cancel_note', 'errors.cancel_reason');
      return recordedBy(input, write);
    },
    actions: reinscriptionActions,
  });
