// An invoice's CFDI on the server: read the invoice with its catalogue codes (InvoiceFacts),
// keep its stored amounts equal to what its concepts compute (recomputeInvoice, in the same
// transaction as any change to a concept or a tax), and seal it with the school's CSD into XML
// that SAT's schemas accept (sealInvoice).
import { buildCfdiDocument, type InvoiceFacts } from '@/lib/cfdi/build';
import { cadenaOriginal } from '@/lib/cfdi/document';
import { ieduAllowed, receiverProblems } from '@/lib/cfdi/rules';
import { InvoiceAmountError, invoiceTotals, type TaxCode, type TaxFactor } from '@/lib/cfdi/totals';
import { mexicoTime } from '@/lib/cfdi/time';
import { cfdiXml } from '@/lib/cfdi/xml';
import type { Prisma } from '@/server/db/client';
import { openSchoolCsd } from '@/server/esign/school-csd';
import { validateXml } from '@/server/esign/xsd';
import { type ApiError, badRequest, conflict, msg } from '@/server/errors';

type Tx = Prisma.TransactionClient;

const catalog = { select: { code: true } } as const;
const entry = { select: { code: true, natural: true, moral: true } } as const;

export const INVOICE_FOR_CFDI = {
  id: true,
  status: true,
  serie: true,
  folio: true,
  expedition_date: true,
  conditions: true,
  coin_type: true,
  fiscal_rfc: true,
  fiscal_social_reason: true,
  rfc: true,
  social_reason: true,
  postal_code: true,
  expedition_place: true,
  total: true,
  uuid: true,
  xml: true,
  stamped_at: true,
  related_uuids: true,
  cancel_reason: true,
  cancel_substitute_uuid: true,
  type_voucher: catalog,
  fiscal_regime: catalog,
  receiver_regime: entry,
  cfdi_type: { select: { code: true, natural: true, moral: true, regimes: true } },
  payment_form: catalog,
  payment_method: catalog,
  type_relation: catalog,
  concepts: {
    where: { status: true },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      qty: true,
      unit_value: true,
      discount: true,
      object_imp: true,
      description: true,
      no_identification: true,
      iedu: true,
      prod_serv: catalog,
      unit: { select: { code: true, name: true } },
      taxes: { where: { status: true }, orderBy: { id: 'asc' }, select: { id: true, tax: true, factor_type: true, rate: true, amount: true, is_retention: true } },
    },
  },
} satisfies Prisma.InvoiceSelect;

export type InvoiceForCfdi = Prisma.InvoiceGetPayload<{ select: typeof INVOICE_FOR_CFDI }>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The concepts as totals.ts reads them; a stored tax amount is kept when SAT's limits allow it. */
function conceptInputs(invoice: InvoiceForCfdi) {
  return invoice.concepts.map((concept) => ({
    qty: text(concept.qty),
    unit_value: text(concept.unit_value),
    discount: text(concept.discount),
    object_imp: concept.object_imp,
    taxes: concept.taxes.map((tax) => ({ tax: tax.tax as TaxCode, factor_type: tax.factor_type as TaxFactor, rate: tax.rate === null ? null : text(tax.rate), is_retention: tax.is_retention, amount: tax.amount === null ? null : text(tax.amount) })),
  }));
}

/** Amount problems as the API's field messages. */
export function amountError(error: InvoiceAmountError): ApiError {
  return badRequest({ [error.field]: [msg(`invoicing.amounts.${error.reason}`)] });
}

/** Totals of concepts whose stored tax amounts may be stale: each one kept only if still within SAT's limits. */
function totalsOf(invoice: InvoiceForCfdi) {
  const inputs = conceptInputs(invoice);
  try {
    return invoiceTotals(inputs, true);
  } catch (error) {
    if (!(error instanceof InvoiceAmountError) || error.reason !== 'tax_out_of_limits') throw error;
    return invoiceTotals(inputs.map((concept) => ({ ...concept, taxes: concept.taxes.map((tax) => ({ ...tax, amount: null })) })), true);
  }
}

/** Writes the amounts the concepts compute: each concept's Importe, each tax's base and amount, the invoice's totals. */
export async function recomputeInvoice(tx: Tx, invoiceId: number): Promise<void> {
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: INVOICE_FOR_CFDI });
  let totals;
  try {
    totals = totalsOf(invoice);
  } catch (error) {
    if (error instanceof InvoiceAmountError) throw amountError(error);
    throw error;
  }
  for (const [index, concept] of invoice.concepts.entries()) {
    const computed = totals.concepts[index];
    if (text(concept.qty) && computed.amount !== undefined) await tx.invoiceConcept.update({ where: { id: concept.id }, data: { amount: computed.amount } });
    for (const [taxIndex, tax] of concept.taxes.entries()) {
      const value = computed.taxes[taxIndex];
      await tx.invoiceTax.update({ where: { id: tax.id }, data: { base: value.base, amount: value.amount, rate: value.rate } });
    }
  }
  await tx.invoice.update({ where: { id: invoiceId }, data: { subtotal: totals.subtotal, descuento: totals.descuento, isp_transfer: totals.isp_transfer, isp_retention: totals.isp_retention, total: totals.total } });
}

/** Everything SAT needs that the invoice lacks, as field messages (400). */
function missingParts(invoice: InvoiceForCfdi): Record<string, ReturnType<typeof msg>[]> {
  const problems: Record<string, ReturnType<typeof msg>[]> = {};
  const need = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') problems[field] = [msg('errors.required')];
  };
  need('type_voucher_id', invoice.type_voucher);
  need('fiscal_regime_id', invoice.fiscal_regime);
  need('expedition_place', invoice.expedition_place);
  need('payment_form_id', invoice.payment_form);
  need('payment_method_id', invoice.payment_method);
  if (!invoice.concepts.length) problems.concepts = [msg('invoicing.amounts.no_concepts')];
  for (const problem of receiverProblems({ rfc: invoice.rfc, regime: invoice.receiver_regime, use: invoice.cfdi_type ? { ...invoice.cfdi_type, regimes: (invoice.cfdi_type.regimes as string[]) ?? [] } : null })) {
    problems[problem.field] = [msg(problem.key, problem.values)];
  }
  // A line with the IEDU complement on an invoice of another use than D10 is not stamped.
  if (invoice.concepts.some((concept) => concept.iedu !== null) && !ieduAllowed(invoice.cfdi_type?.code)) {
    (problems.cfdi_type_id ??= []).push(msg('invoicing.rules.iedu_needs_d10', { use: invoice.cfdi_type?.code ?? 'none' }));
  }
  return problems;
}

export function invoiceFacts(invoice: InvoiceForCfdi, issuedAt: string): InvoiceFacts {
  return {
    serie: invoice.serie,
    folio: invoice.folio,
    fecha: issuedAt,
    payment_form: invoice.payment_form?.code,
    payment_method: invoice.payment_method?.code,
    conditions: invoice.conditions,
    coin_type: invoice.coin_type,
    type_voucher: invoice.type_voucher?.code ?? 'I',
    expedition_place: invoice.expedition_place ?? '',
    issuer: { rfc: invoice.fiscal_rfc, name: invoice.fiscal_social_reason, regime: invoice.fiscal_regime?.code ?? '' },
    receiver: { rfc: invoice.rfc, name: invoice.social_reason, postal_code: invoice.postal_code, regime: invoice.receiver_regime?.code ?? '', cfdi_use: invoice.cfdi_type?.code ?? '' },
    related: invoice.type_relation && Array.isArray(invoice.related_uuids) && invoice.related_uuids.length ? { type_relation: invoice.type_relation.code, uuids: invoice.related_uuids as string[] } : null,
    concepts: invoice.concepts.map((concept, index) => ({
      ...conceptInputs(invoice)[index],
      prod_serv: concept.prod_serv.code,
      unit: concept.unit.code,
      unit_name: concept.unit.name,
      no_identification: concept.no_identification,
      description: concept.description,
      iedu: (concept.iedu as InvoiceFacts['concepts'][number]['iedu']) ?? null,
    })),
  };
}

export type SealedInvoice = { xml: string; cadena: string; seal: string; issuedAt: string };

/** Seals the invoice now with the school's CSD: the XML as it goes to the PAC, checked against SAT's schemas. */
export async function sealInvoice(tx: Tx, invoice: InvoiceForCfdi, now: Date): Promise<SealedInvoice> {
  const problems = missingParts(invoice);
  if (Object.keys(problems).length) throw badRequest(problems);
  const settings = await tx.setting.findFirst({ orderBy: { id: 'asc' }, select: { csd_certificate: true, csd_key: true, csd_password: true, fiscal_rfc: true } });
  const csd = openSchoolCsd(settings, now);
  if (csd.certificate.rfc && csd.certificate.rfc !== invoice.fiscal_rfc) throw conflict('invoicing.csd.other_issuer', { rfc: csd.certificate.rfc, issuer: invoice.fiscal_rfc });
  const issuedAt = mexicoTime(now);
  let doc;
  try {
    doc = buildCfdiDocument(invoiceFacts(invoice, issuedAt), csd.certificate);
  } catch (error) {
    if (error instanceof InvoiceAmountError) throw amountError(error);
    throw error;
  }
  const cadena = cadenaOriginal(doc);
  const seal = csd.sign(cadena);
  const xml = cfdiXml(doc, seal);
  const checked = await validateXml(xml, 'cfdi40');
  // Plantel's own data should always make a valid CFDI; if it does not, say what SAT's schema refused.
  if (!checked.valid) throw conflict('invoicing.stamp.schema', { problems: checked.problems.map((problem) => problem.message).join(' ') });
  return { xml, cadena, seal, issuedAt };
}
