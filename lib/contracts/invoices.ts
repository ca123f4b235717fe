// Invoicing's actions (Facturación): an invoice made from a paid sale, its steps through the PAC
// (stamping, cancelling, asking how a cancellation stands) and its files.
import { z } from 'zod';
import { positiveId } from '@/lib/validation';
import { PDF, XML, defineContract, fileAnswer } from './contract';
import { wireRecord } from './wire';

const INVOICES = 'invoices/api/invoices/';

/** POST invoices/api/invoices/from_sale/ */
export const invoiceFromSale = defineContract({
  method: 'POST',
  base: INVOICES,
  path: 'from_sale/',
  summary: 'An invoice for a paid sale, for the student’s invoice data or the public in general, each line for exactly what was paid.',
  // Either `invoice_data_id` or `public: true`; the handler says when neither is given.
  input: z.object({ sale_id: positiveId, invoice_data_id: positiveId.nullish(), public: z.boolean().optional() }),
  output: wireRecord,
  status: 201,
  errors: [409],
});

/** POST invoices/api/invoices/{id}/stamp/ */
export const stampInvoice = defineContract({
  method: 'POST',
  base: INVOICES,
  path: '{id}/stamp/',
  summary: 'Seals the invoice with the school’s CSD and has the PAC stamp it: STAMPED with its UUID, or ERROR with the PAC’s message.',
  output: wireRecord,
  errors: [409],
});

/** A CFDI's UUID (folio fiscal), in capitals. */
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/** POST invoices/api/invoices/{id}/cancel/ */
export const cancelInvoice = defineContract({
  method: 'POST',
  base: INVOICES,
  path: '{id}/cancel/',
  summary: 'Asks the PAC to cancel a stamped invoice with SAT’s reason (01 names the replacing invoice): CANCELLED, or CANCEL_REQUESTED while the receiver decides.',
  input: z.object({
    // SAT's reasons: 01 replaced by another invoice (named), 02 with errors, 03 not done, 04 in a global invoice.
    reason: z.enum(['01', '02', '03', '04'], { message: 'invoicing.cancel.reason_required' }),
    substitute_uuid: z.string().trim().toUpperCase().regex(UUID, { message: 'errors.invalid' }).nullish(),
  }),
  output: wireRecord,
  errors: [409],
});

/** POST invoices/api/invoices/{id}/cancel_status/ */
export const invoiceCancelStatus = defineContract({
  method: 'POST',
  base: INVOICES,
  path: '{id}/cancel_status/',
  summary: 'Asks the PAC again how a requested cancellation stands, and records its answer.',
  output: wireRecord,
  errors: [409],
});

/** GET invoices/api/invoices/{id}/xml/ */
export const invoiceXml = defineContract({
  method: 'GET',
  base: INVOICES,
  path: '{id}/xml/',
  summary: 'The stamped invoice’s XML (none before it is stamped).',
  output: fileAnswer(XML),
  errors: [409],
});

/** GET invoices/api/invoices/{id}/pdf/ */
export const invoicePdf = defineContract({
  method: 'GET',
  base: INVOICES,
  path: '{id}/pdf/',
  summary: 'The stamped invoice printed as a PDF (`inline=true` to show it in the browser).',
  query: z.object({ inline: z.enum(['true', 'false']).optional() }),
  output: fileAnswer(PDF),
  errors: [409],
});
