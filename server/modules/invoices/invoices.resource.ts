// invoices/api/invoices/, invoice-concepts/ and invoice-taxes/: CFDI 4.0 invoices (facturas) with
// their lines and taxes, made from the invoicing screens and a sale's screen. Once stamped an
// invoice never changes: stamping and cancelling go through the PAC, which sets the status, the
// UUID and the XML. What the generic API may change in each state is the state table
// (invoice-states.ts); the engine refuses the rest with 409 before anything here runs.
import { z } from 'zod';
import { decimal, text } from '@/lib/validation';
import { Prisma } from '@/server/db/client';
import { modelResource } from '@/server/engine/model';
import type { ResourceDefinition, Row, WriteContext } from '@/server/engine/types';
import { ieduAllowed, receiverProblems } from '@/lib/cfdi/rules';
import { badRequest, conflict, fieldError, msg, notFound } from '@/server/errors';
import { CANCEL_FIELDS, invoiceConceptStates, invoiceStates, invoiceTaxStates } from './invoice-states';
import { studentSales } from '@/server/modules/finance';
import { recomputeInvoice } from './cfdi';
import { invoiceActions, nextFolio } from './invoice-actions';
import { curp, dec, money, orDefault, orNull, postalCode, rfc, valueAfterWrite } from '@/server/modules/shared/fields';

const ACCESS = { routes: ['invoices-catalogs', 'finance-sales'], permission: 'invoices' } as const;

/** An invoice may be edited before it is stamped, or to fix what the PAC refused. */
const EDITABLE = ['PENDING', 'ERROR'];

const uuid = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/, { message: 'errors.invalid' });

/** The issuer (Emisor) comes from the school's settings when the payload does not name it. */
async function issuer(tx: WriteContext['tx'], input: Row): Promise<Row> {
  const setting = await tx.setting.findFirst({ select: { fiscal_rfc: true, fiscal_social_reason: true, type_voucher: true, fiscal_regime: true, expedition_place: true, invoice_serie: true } });
  const data: Row = { ...input };
  data.fiscal_rfc ??= setting?.fiscal_rfc || undefined;
  data.fiscal_social_reason ??= setting?.fiscal_social_reason || undefined;
  data.expedition_place ??= setting?.expedition_place || undefined;
  // A typed invoice takes the school's serie and the next folio of it, unless staff give both.
  if (!data.folio) {
    data.serie = (data.serie as string | undefined) || setting?.invoice_serie || 'A';
    data.folio = await nextFolio(tx, String(data.serie));
  }
  if (!data.fiscal_rfc) throw fieldError('fiscal_rfc', 'errors.required');
  if (!data.fiscal_social_reason) throw fieldError('fiscal_social_reason', 'errors.required');
  if (data.type_voucher_id == null && setting?.type_voucher) {
    data.type_voucher_id = (await tx.typeVoucher.findUnique({ where: { code: setting.type_voucher }, select: { id: true } }))?.id;
  }
  if (data.fiscal_regime_id == null && setting?.fiscal_regime) {
    data.fiscal_regime_id = (await tx.fiscalRegime.findUnique({ where: { code: setting.fiscal_regime }, select: { id: true } }))?.id;
  }
  return data;
}

/** The receiver's regime and CFDI use must suit each other and the RFC (SAT's catalogue rules). */
async function checkReceiver(tx: WriteContext['tx'], input: Row, existing: Row | null): Promise<void> {
  const rfcValue = String(valueAfterWrite(input, existing, 'rfc') ?? '');
  const regimeId = valueAfterWrite(input, existing, 'receiver_regime_id');
  const useId = valueAfterWrite(input, existing, 'cfdi_type_id');
  const [regime, use] = await Promise.all([
    regimeId ? tx.fiscalRegime.findUnique({ where: { id: Number(regimeId) }, select: { code: true, natural: true, moral: true } }) : null,
    useId ? tx.cfdiType.findUnique({ where: { id: Number(useId) }, select: { code: true, natural: true, moral: true, regimes: true } }) : null,
  ]);
  // Missing parts are asked for when stamping; what is given must fit together now.
  const problems = receiverProblems({ rfc: rfcValue, regime, use: use ? { ...use, regimes: (use.regimes as string[]) ?? [] } : null }).filter((problem) => problem.key !== 'errors.required');
  if (problems.length) throw badRequest(Object.fromEntries(problems.map((problem) => [problem.field, [msg(problem.key, problem.values)]])));
}

const invoices = modelResource({
  base: 'invoices/api/invoices/',
  model: 'Invoice',
  access: { ...ACCESS, ownReaders: ['student'] },
  // A student reads the invoices of their own sales (the portal's downloads).
  ownRows: { student: (studentId) => ({ sale: studentSales(studentId), is_deleted: false }) },
  actions: invoiceActions((): ResourceDefinition => invoicesResource),
  search: ['rfc', 'social_reason', 'serie', 'folio', 'uuid'],
  ordering: ['-expedition_date', '-id'],
  // Totals come from the lines; the stamp, its XML and the status from the PAC.
  readOnlyFields: ['subtotal', 'descuento', 'total', 'isp_transfer', 'isp_retention', 'xml', 'uuid', 'stamped_at', 'pac_message', 'status', 'user_id'],
  fields: {
    fiscal_rfc: orDefault(rfc),
    fiscal_social_reason: orDefault(text(300)),
    rfc,
    postal_code: postalCode,
    expedition_place: orNull(postalCode),
    related_uuids: orDefault(z.array(uuid).max(100)),
    cancel_reason: orNull(z.enum(['01', '02', '03', '04'])),
    cancel_substitute_uuid: orNull(uuid),
  },
  inputToData: async (input, { tx, actor, existing }) => {
    if (!existing) {
      await checkReceiver(tx, input, null);
      return { ...(await issuer(tx, input)), user_id: actor.id };
    }
    // The state table let through only a draft's changes; a full PUT of a stamped invoice that
    // changes nothing writes back what is stored.
    if (EDITABLE.includes(String(existing.status))) {
      await checkReceiver(tx, input, existing);
      await checkIeduUse(tx, input, existing);
    }
    return input;
  },
});

// `status` is the invoice's PAC state (an enum) while every list sends `status=true|false` for the
// active flag: the derived enum filter would hand "true" to Prisma. Until the engine checks enum
// values, the state is not a list filter here.
const { status: _state, ...invoiceFilters } = invoices.filters;

/** A draft may change every field the schema takes but the cancellation's, which only the cancel
 * operation writes with what the PAC accepted. */
const draftFields = Object.keys((invoices.updateSchema as z.ZodObject).shape).filter((field) => !CANCEL_FIELDS.includes(field));

export const invoicesResource: ResourceDefinition = { ...invoices, filters: invoiceFilters, states: invoiceStates(draftFields) };

/** The CFDI use's code of an invoice (null without one). */
async function cfdiUseOf(tx: WriteContext['tx'], cfdiTypeId: unknown): Promise<string | null> {
  if (cfdiTypeId === null || cfdiTypeId === undefined) return null;
  return (await tx.cfdiType.findUnique({ where: { id: Number(cfdiTypeId) }, select: { code: true } }))?.code ?? null;
}

/** An invoice whose lines carry the IEDU complement keeps the use D10: another use is refused on its field. */
async function checkIeduUse(tx: WriteContext['tx'], input: Row, existing: Row): Promise<void> {
  if (input.cfdi_type_id === undefined) return;
  const use = await cfdiUseOf(tx, input.cfdi_type_id);
  if (ieduAllowed(use)) return;
  const concepts = await tx.invoiceConcept.findMany({ where: { invoice_id: Number(existing.id), status: true }, select: { iedu: true } });
  if (concepts.some((concept) => concept.iedu !== null)) throw fieldError('cfdi_type_id', 'invoicing.rules.iedu_needs_d10', { use: use ?? 'none' });
}

async function assertEditable(tx: WriteContext['tx'], invoiceId: unknown, field = 'invoice_id'): Promise<void> {
  const invoice = await tx.invoice.findUnique({ where: { id: Number(invoiceId) }, select: { status: true } });
  if (!invoice) throw fieldError(field, 'errors.unknown_reference');
  if (!EDITABLE.includes(invoice.status)) throw conflict();
}

/** IEDU complement of a line (SAT's iedu:instEducativas), for levels up to bachillerato. */
const iedu = z.object({
  nombreAlumno: text(254),
  CURP: curp,
  nivelEducativo: z.enum(['Preescolar', 'Primaria', 'Secundaria', 'Profesional técnico', 'Bachillerato o su equivalente']),
  autRVOE: text(50),
  rfcPago: orNull(rfc),
});

export const invoiceConceptsResource = modelResource({
  base: 'invoices/api/invoice-concepts/',
  model: 'InvoiceConcept',
  access: ACCESS,
  search: ['description', 'no_identification'],
  ordering: ['id'],
  // Importe = Cantidad x ValorUnitario.
  readOnlyFields: ['amount'],
  fields: {
    qty: orDefault(decimal({ min: 0.0001, max: 99_999_999.9999, places: 4 })),
    unit_value: money,
    discount: orDefault(money),
    object_imp: orDefault(z.enum(['01', '02', '03', '04', '05', '06', '07', '08'])),
    iedu: orNull(iedu),
  },
  states: invoiceConceptStates,
  inputToData: async (input, { tx, existing }) => {
    const invoiceId = valueAfterWrite(input, existing, 'invoice_id');
    await assertEditable(tx, invoiceId);
    if (existing && input.invoice_id !== undefined && input.invoice_id !== existing.invoice_id) await assertEditable(tx, existing.invoice_id);
    // The IEDU complement is the deduction of tuition: SAT takes it only on an invoice for use D10.
    if (valueAfterWrite(input, existing, 'iedu')) {
      const invoice = await tx.invoice.findUnique({ where: { id: Number(invoiceId) }, select: { cfdi_type_id: true } });
      const use = await cfdiUseOf(tx, invoice?.cfdi_type_id);
      if (!ieduAllowed(use)) throw fieldError('iedu', 'invoicing.rules.iedu_needs_d10', { use: use ?? 'none' });
    }
    const amount = dec(valueAfterWrite(input, existing, 'qty'), '1').times(dec(valueAfterWrite(input, existing, 'unit_value'))).toDecimalPlaces(2);
    if (dec(valueAfterWrite(input, existing, 'discount')).greaterThan(amount)) throw fieldError('discount', 'errors.max_value', { max: amount.toFixed(2) });
    const data: Row = { ...input, amount: amount.toFixed(2) };
    // A JSON column is emptied with the database's NULL, not JSON null.
    if (input.iedu === null) data.iedu = Prisma.DbNull;
    return data;
  },
  // The invoice's totals follow its concepts in the same transaction. A new concept subject to tax
  // typed without its taxes gets IVA as a school charges it: exempt for educational services
  // (SAT's 8612xxxx), 16 % for anything else; staff change it under Impuestos when it differs.
  afterWrite: async (id, { tx, existing }) => {
    const concept = await tx.invoiceConcept.findUniqueOrThrow({ where: { id }, select: { invoice_id: true, object_imp: true, prod_serv: { select: { code: true } }, _count: { select: { taxes: true } } } });
    if (!existing && concept.object_imp === '02' && concept._count.taxes === 0) {
      const educational = concept.prod_serv.code.startsWith('8612');
      await tx.invoiceTax.create({ data: { invoice_concept_id: id, tax: '002', factor_type: educational ? 'Exento' : 'Tasa', rate: educational ? null : '0.160000', base: '0', amount: null, is_retention: false } });
    }
    await recomputeInvoice(tx, concept.invoice_id);
  },
  beforeDelete: async ({ existing }) => {
    if (!existing) throw notFound();
  },
  afterDelete: async ({ tx, existing }) => {
    if (existing) await recomputeInvoice(tx, Number(existing.invoice_id));
  },
});

export const invoiceTaxesResource = modelResource({
  base: 'invoices/api/invoice-taxes/',
  model: 'InvoiceTax',
  access: ACCESS,
  ordering: ['invoice_concept_id', 'id'],
  // The base and the amount are the server's: the concept's Importe less its Descuento, and base ×
  // rate (recomputeInvoice); a client never sends them.
  readOnlyFields: ['base', 'amount'],
  states: invoiceTaxStates,
  fields: {
    // c_Impuesto: 001 ISR, 002 IVA, 003 IEPS.
    tax: z.enum(['001', '002', '003']),
    rate: orNull(decimal({ min: 0, max: 99.999999, places: 6 })),
  },
  inputToData: async (input, { tx, existing }) => {
    const conceptId = valueAfterWrite(input, existing, 'invoice_concept_id');
    const concept = await tx.invoiceConcept.findUnique({ where: { id: Number(conceptId) }, select: { invoice_id: true } });
    if (!concept) throw fieldError('invoice_concept_id', 'errors.unknown_reference');
    await assertEditable(tx, concept.invoice_id, 'invoice_concept_id');
    // Computed once the write is in (afterWrite); a new row starts from nothing.
    const computed = existing ? { amount: null } : { base: '0', amount: null };
    // An exempt tax carries no rate; a Tasa or Cuota needs its rate.
    if (valueAfterWrite(input, existing, 'factor_type') === 'Exento') return { ...input, ...computed, rate: null };
    const rate = valueAfterWrite(input, existing, 'rate');
    if (rate === null || rate === undefined) throw fieldError('rate', 'errors.required');
    return { ...input, ...computed };
  },
  // The base is the concept's Importe less its Descuento and the amount base × rate (within SAT's
  // limits when given): recomputeInvoice writes both, and the invoice's totals.
  afterWrite: async (id, { tx }) => {
    const tax = await tx.invoiceTax.findUniqueOrThrow({ where: { id }, select: { invoice_concept: { select: { invoice_id: true } } } });
    await recomputeInvoice(tx, tax.invoice_concept.invoice_id);
  },
  afterDelete: async ({ tx, existing }) => {
    const concept = existing ? await tx.invoiceConcept.findUnique({ where: { id: Number(existing.invoice_concept_id) }, select: { invoice_id: true } }) : null;
    if (concept) await recomputeInvoice(tx, concept.invoice_id);
  },
});
