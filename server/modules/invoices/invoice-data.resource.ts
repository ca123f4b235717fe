// invoices/api/invoice-data/: the fiscal data invoices are issued to (datos de facturación). A
// student keeps their own from the portal (Mis datos): reads and writes only their rows.
import { modelResource } from '@/server/engine/model';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { email, orNull, postalCode, rfc } from '@/server/modules/shared/fields';

const invoiceData = modelResource({
  base: 'invoices/api/invoice-data/',
  model: 'InvoiceData',
  access: { routes: ['invoices-catalogs', 'finance-sales', 'portal-data'], permission: 'invoice_data', ownReaders: ['student'] },
  search: ['rfc', 'social_reason', 'email', ...STUDENT_SEARCH],
  ordering: ['social_reason'],
  fields: { rfc, email: orNull(email), postal_code: orNull(postalCode) },
  ownRows: { student: (studentId) => ({ student_id: studentId }) },
  // A student's fiscal data are always their own, whatever the payload names.
  inputToData: (input, { actor }) => (actor.kind === 'student' && actor.student_id ? { ...input, student_id: actor.student_id } : input),
});

export const invoiceDataResource = invoiceData;
