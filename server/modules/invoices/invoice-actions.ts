// The invoice's life through the PAC (invoices/api/invoices/):
// - POST from_sale/ {sale_id, invoice_data_id? | public?}: an invoice for a paid sale, for the
//   student's invoice data or the public in general, each line for exactly what was paid.
// - POST {id}/stamp/: sealed with the school's CSD and stamped by the PAC: STAMPED with its UUID and
//   the stamped XML, or ERROR with the PAC's message (the invoice can be corrected and stamped again).
// - POST {id}/cancel/ {reason, substitute_uuid?}: SAT's reasons 01-04 (01 names the replacing
//   invoice): CANCELLED, or CANCEL_REQUESTED while the receiver has to accept; {id}/cancel_status/ asks again.
// - GET {id}/xml/ and {id}/pdf/: the files, for staff and for the student the invoice is for.
// Each step is one transaction with its history row; the row is locked while the PAC answers, so
// an invoice is never stamped twice.
import { PUBLIC_RFC } from '@/lib/cfdi/build';
import { substituteProblem } from '@/lib/cfdi/rules';
import { paidShares, saleConcept } from '@/lib/cfdi/from-sale';
import { saleTotals } from '@/lib/finance/sale-totals';
import { decryptSecret } from '@/server/auth/crypto';
import { prisma, type Prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import type { ActionContext } from '@/server/engine/context';
import { show } from '@/server/engine/engine';
import { parseId } from '@/server/engine/engine';
import { FileResult, StatusResult } from '@/server/engine/results';
import { type ActionDefinition, type ContractContext, type ResourceDefinition, defineAction } from '@/server/engine/types';
import type { ActionContract } from '@/lib/contracts/contract';
import * as contracts from '@/lib/contracts/invoices';
import { conflict, fieldError } from '@/server/errors';
import { INVOICE_FOR_CFDI, type InvoiceForCfdi, recomputeInvoice, sealInvoice } from './cfdi';
import { invoicePdf } from './invoice-pdf';
import { type CancelReason, pac, PacUnavailable } from './pac';

type Tx = Prisma.TransactionClient;

async function lockInvoice(tx: Tx, id: number): Promise<InvoiceForCfdi> {
  await tx.$executeRawUnsafe('SELECT 1 FROM invoices WHERE id = $1 FOR UPDATE', id);
  return tx.invoice.findUniqueOrThrow({ where: { id }, select: INVOICE_FOR_CFDI });
}

const changesOf = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(after)
    .filter((field) => String(before[field] ?? '') !== String(after[field] ?? ''))
    .map((field) => ({ field, old: before[field] ?? null, new: after[field] ?? null }));

async function updateInvoice(tx: Tx, ctx: ActionContext, invoice: InvoiceForCfdi, data: Prisma.InvoiceUncheckedUpdateInput, reason?: string) {
  const before = { status: invoice.status, uuid: invoice.uuid, cancel_reason: invoice.cancel_reason, cancel_substitute_uuid: invoice.cancel_substitute_uuid };
  await tx.invoice.update({ where: { id: invoice.id }, data });
  const after = Object.fromEntries(Object.entries(data).filter(([field]) => ['status', 'uuid', 'pac_message', 'cancel_reason', 'cancel_substitute_uuid', 'stamped_at'].includes(field)));
  await recordHistoryMany(tx, [{ table: 'invoices', recordId: invoice.id, type: '~', actor: ctx.actor, changes: changesOf(before, after as Record<string, unknown>), reason }]);
}

/** What the screens need back after a step: the invoice as the resource shows it. */
async function answer(invoices: () => ResourceDefinition, ctx: ActionContext, id: number) {
  return show(invoices(), { ...ctx, tx: undefined }, id);
}

/** A SAT payment form (c_FormaPago) for the way the sale was paid; a bank reference is a transfer. */
function paymentFormOf(methodCode: string | null | undefined): string {
  if (methodCode && /^\d{2}$/.test(methodCode)) return methodCode;
  return methodCode === 'REF' ? '03' : '01';
}

/** c_ClaveProdServ of tuition by the IEDU level of the career (none: a university). */
function tuitionProduct(level: string | null | undefined): string {
  if (level === 'Preescolar' || level === 'Primaria' || level === 'Secundaria') return '86121500';
  if (level === 'Bachillerato o su equivalente' || level === 'Profesional técnico') return '86121600';
  return '86121700';
}

export function invoiceActions(invoices: () => ResourceDefinition): ActionDefinition[] {
  const fromSale = defineAction(contracts.invoiceFromSale, {
    needs: 'write',
    handler: async (ctx) => {
      const { input } = ctx;
      const id = await prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe('SELECT 1 FROM sales WHERE id = $1 FOR UPDATE', input.sale_id);
        const sale = await tx.sale.findUnique({
          where: { id: input.sale_id },
          select: {
            id: true,
            status: true,
            paid: true,
            rate: true,
            total_pay: true,
            student_id: true,
            student: { select: { id: true, names: true, first_name: true, second_name: true, curp: true, career: { select: { rvoe: true, iedu: { select: { description: true } } } } } },
            details: { where: { status: true }, orderBy: { id: 'asc' }, select: { id: true, qty: true, amount: true, discount: true, iva: true, description: true, concept: { select: { id: true, code: true, is_inscription: true, recurrency_id: true } } } },
            discounts: { where: { status: true }, select: { discount: true, percentage: true } },
            payments: { where: { status: true }, orderBy: { amount: 'desc' }, select: { amount: true, method: { select: { code: true } } } },
            invoices: { where: { is_deleted: false, status: { notIn: ['CANCELLED'] } }, select: { id: true, serie: true, folio: true } },
          },
        });
        if (!sale) throw fieldError('sale_id', 'errors.unknown_reference');
        if (!sale.status || !sale.paid) throw conflict('invoicing.from_sale.not_paid');
        if (sale.invoices.length) throw conflict('invoicing.from_sale.already_invoiced', { folio: `${sale.invoices[0].serie ?? ''}${sale.invoices[0].folio ?? ''}` });
        const settings = await tx.setting.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { fiscal_rfc: true, fiscal_social_reason: true, fiscal_regime: true, type_voucher: true, expedition_place: true, invoice_serie: true } });
        if (!settings.fiscal_rfc || !settings.fiscal_social_reason) throw conflict('invoicing.from_sale.no_issuer');

        // The receiver: the invoice data chosen (the student's own), else the public in general.
        let receiver: { rfc: string; name: string; postal_code: string; regime: string | null; use: string | null } = { rfc: PUBLIC_RFC, name: 'PUBLICO EN GENERAL', postal_code: settings.expedition_place, regime: '616', use: 'S01' };
        if (!input.public) {
          const data = input.invoice_data_id
            ? await tx.invoiceData.findUnique({ where: { id: input.invoice_data_id }, select: { student_id: true, rfc: true, social_reason: true, postal_code: true, fiscal_regime: { select: { code: true } }, cfdi_type: { select: { code: true } } } })
            : null;
          if (input.invoice_data_id && (!data || (sale.student_id && data.student_id !== sale.student_id))) throw fieldError('invoice_data_id', 'invoicing.from_sale.other_student');
          if (!input.invoice_data_id && !input.public) throw fieldError('invoice_data_id', 'invoicing.from_sale.receiver_required');
          if (data) receiver = { rfc: data.rfc, name: data.social_reason, postal_code: data.postal_code ?? '', regime: data.fiscal_regime?.code ?? null, use: data.cfdi_type?.code ?? null };
        }
        const code = (table: 'typeVoucher' | 'fiscalRegime' | 'cfdiType' | 'paymentForm' | 'paymentMethod' | 'prodServ' | 'unit', value: string | null) =>
          value ? (tx[table] as unknown as { findUnique: (args: unknown) => Promise<{ id: number } | null> }).findUnique({ where: { code: value }, select: { id: true } }).then((row) => row?.id ?? null) : Promise.resolve(null);

        const totals = saleTotals({ lines: sale.details.map((line) => ({ ...line, amount: line.amount.toFixed(2), discount: line.discount.toFixed(2), iva: line.iva.toString() })), discounts: sale.discounts.map((item) => ({ discount: item.discount.toFixed(2), percentage: item.percentage.toString() })), rate: sale.rate.toString() });
        const shares = paidShares(totals.lines.map((line) => line.net), totals.total_pay);
        const level = sale.student?.career?.iedu?.description ?? null;
        const rvoe = sale.student?.career?.rvoe ?? null;
        const folio = await nextFolio(tx, settings.invoice_serie || 'A');
        const invoice = await tx.invoice.create({
          data: {
            fiscal_rfc: settings.fiscal_rfc,
            fiscal_social_reason: settings.fiscal_social_reason,
            type_voucher_id: await code('typeVoucher', settings.type_voucher || 'I'),
            fiscal_regime_id: await code('fiscalRegime', settings.fiscal_regime || null),
            rfc: receiver.rfc,
            social_reason: receiver.name,
            cfdi_type_id: await code('cfdiType', receiver.use),
            receiver_regime_id: await code('fiscalRegime', receiver.regime),
            postal_code: receiver.postal_code || settings.expedition_place,
            expedition_place: settings.expedition_place || null,
            payment_form_id: await code('paymentForm', paymentFormOf(sale.payments[0]?.method?.code)),
            payment_method_id: await code('paymentMethod', 'PUE'),
            serie: settings.invoice_serie || 'A',
            folio,
            conditions: 'Contado',
            sale_id: sale.id,
            user_id: ctx.actor.id,
          },
          select: { id: true },
        });
        const [service, piece] = await Promise.all([code('unit', 'E48'), code('unit', 'H87')]);
        for (const [index, line] of sale.details.entries()) {
          const tuition = Boolean(line.concept && (line.concept.is_inscription || line.concept.recurrency_id || line.concept.code.trim().toUpperCase() === 'REINS'));
          const exempt = tuition && Boolean(rvoe);
          const concept = saleConcept({ qty: line.qty, amount: line.amount.toFixed(2), iva: line.iva.toString(), paid: shares[index], exempt_tuition: exempt });
          const goods = concept.taxes[0].factor_type === 'Tasa';
          // IEDU: tuition at the levels SAT lets parents deduct, invoiced for that use (D10).
          const student = sale.student;
          const iedu =
            exempt && level && receiver.use === 'D10' && student?.curp
              ? { nombreAlumno: [student.names, student.first_name, student.second_name].filter(Boolean).join(' ').toUpperCase(), CURP: student.curp, nivelEducativo: level, autRVOE: rvoe!, rfcPago: receiver.rfc.length === 13 ? receiver.rfc : undefined }
              : undefined;
          const created = await tx.invoiceConcept.create({
            data: {
              invoice_id: invoice.id,
              prod_serv_id: (await code('prodServ', goods ? '01010101' : tuition ? tuitionProduct(level) : '86121700'))!,
              unit_id: (goods ? piece : service)!,
              no_identification: line.concept?.code ?? null,
              description: line.description,
              qty: concept.qty,
              unit_value: concept.unit_value,
              amount: '0',
              discount: concept.discount,
              object_imp: concept.object_imp,
              iedu: iedu ?? undefined,
            },
            select: { id: true },
          });
          for (const tax of concept.taxes) await tx.invoiceTax.create({ data: { invoice_concept_id: created.id, tax: tax.tax, factor_type: tax.factor_type, rate: tax.rate, base: '0', amount: tax.amount ?? null, is_retention: tax.is_retention } });
        }
        await recomputeInvoice(tx, invoice.id);
        const stored = await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { total: true } });
        await recordHistoryMany(tx, [{ table: 'invoices', recordId: invoice.id, type: '+', actor: ctx.actor, changes: [{ field: 'sale_id', old: null, new: sale.id }, { field: 'total', old: null, new: stored.total.toFixed(2) }] }]);
        return invoice.id;
      });
      return new StatusResult(201, await answer(invoices, ctx, id));
    },
  });

  /**
   * One step of the invoice with the PAC: the invoice as the caller may see it, locked in one
   * transaction while the PAC answers (never stamped or cancelled twice), then answered as shown.
   */
  const pacStep = <C extends ActionContract>(contract: C, step: (tx: Tx, invoice: InvoiceForCfdi, ctx: ContractContext<C>) => Promise<void>): ActionDefinition =>
    defineAction(contract, {
      needs: 'write',
      handler: async (ctx) => {
        const id = Number((await show(invoices(), ctx, ctx.params.id)).id);
        await prisma.$transaction(async (tx) => step(tx, await lockInvoice(tx, id), ctx), { timeout: 60_000 });
        return answer(invoices, ctx, id);
      },
    });

  const stamp = pacStep(contracts.stampInvoice, async (tx, invoice, ctx) => {
    if (invoice.status !== 'PENDING' && invoice.status !== 'ERROR') throw conflict('invoicing.stamp.not_pending');
    const sealed = await sealInvoice(tx, invoice, new Date());
    const result = await reachPac(() => pac().stamp(sealed.xml));
    if (!result.ok) return updateInvoice(tx, ctx, invoice, { status: 'ERROR', pac_message: `${result.code}: ${result.message}`, expedition_date: new Date() });
    await updateInvoice(tx, ctx, invoice, { status: 'STAMPED', uuid: result.uuid, xml: result.xml, stamped_at: new Date(), pac_message: null, expedition_date: new Date() });
  });

  const cancel = pacStep(contracts.cancelInvoice, async (tx, invoice, ctx) => {
    const { reason, substitute_uuid: substitute } = ctx.input;
    if (reason === '01' && !substitute) throw fieldError('substitute_uuid', 'invoicing.cancel.substitute_required');
    // Only reason 01 names a substitute: with another reason SAT would be told of a replacement that is none.
    if (reason !== '01' && substitute) throw fieldError('substitute_uuid', 'invoicing.cancel.substitute_only_01');
    if (invoice.status !== 'STAMPED' || !invoice.uuid) throw conflict('invoicing.cancel.not_stamped');
    if (reason === '01') {
      // The substitute is the stamped invoice that says it replaces this one (CfdiRelacionados, TipoRelacion 04).
      const replacing = await tx.invoice.findUnique({ where: { uuid: substitute! }, select: { status: true, uuid: true, related_uuids: true, type_relation: { select: { code: true } } } });
      const problem = substituteProblem(
        invoice.uuid,
        replacing && { status: replacing.status, uuid: replacing.uuid, type_relation: replacing.type_relation?.code ?? null, related_uuids: Array.isArray(replacing.related_uuids) ? (replacing.related_uuids as string[]) : [] },
      );
      if (problem) throw fieldError('substitute_uuid', `invoicing.cancel.${problem}`, { uuid: invoice.uuid });
    }
    const settings = await tx.setting.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { csd_certificate: true, csd_key: true, csd_password: true } });
    if (!settings.csd_certificate || !settings.csd_key || !settings.csd_password) throw conflict('invoicing.csd.missing');
    const csd = { certificate: settings.csd_certificate, keyDer: Buffer.from(decryptSecret(settings.csd_key), 'base64'), password: decryptSecret(settings.csd_password) };
    const result = await reachPac(() =>
      pac().cancel({ uuid: invoice.uuid!, issuerRfc: invoice.fiscal_rfc, receiverRfc: invoice.rfc, total: invoice.total.toFixed(2), reason: reason as CancelReason, substitute: substitute ?? null, csd }),
    );
    // A refused cancellation leaves the invoice stamped; the PAC's reason is what staff read.
    if (!result.ok) throw conflict('invoicing.cancel.refused', { message: `${result.code}: ${result.message}` });
    await updateInvoice(tx, ctx, invoice, { status: result.status, cancel_reason: reason, cancel_substitute_uuid: substitute ?? null, pac_message: result.message }, result.message);
  });

  const cancelStatus = pacStep(contracts.invoiceCancelStatus, async (tx, invoice, ctx) => {
    if (invoice.status !== 'CANCEL_REQUESTED' || !invoice.uuid) throw conflict('invoicing.cancel.not_requested');
    const result = await reachPac(() => pac().cancelStatus({ uuid: invoice.uuid!, issuerRfc: invoice.fiscal_rfc, receiverRfc: invoice.rfc, total: invoice.total.toFixed(2) }));
    if (!result.ok) throw conflict('invoicing.cancel.refused', { message: `${result.code}: ${result.message}` });
    if (result.status !== invoice.status) await updateInvoice(tx, ctx, invoice, { status: result.status, pac_message: result.message }, result.message);
  });

  /** The invoice's XML: the stamped one, or, before stamping, nothing to hand out. */
  const xmlFile = defineAction(contracts.invoiceXml, {
    needs: 'read',
    handler: async (ctx) => {
      const row = await show(invoices(), ctx, ctx.params.id);
      const invoice = await prisma.invoice.findUniqueOrThrow({ where: { id: Number(row.id) }, select: { xml: true, uuid: true, serie: true, folio: true, status: true } });
      if (!invoice.xml || !invoice.uuid) throw conflict('invoicing.files.not_stamped');
      return new FileResult(new Uint8Array(Buffer.from(invoice.xml, 'utf8')), 'application/xml', `${invoice.serie ?? ''}${invoice.folio ?? ''}-${invoice.uuid}.xml`);
    },
  });

  const pdfFile = defineAction(contracts.invoicePdf, {
    needs: 'read',
    handler: async (ctx) => {
      const row = await show(invoices(), ctx, ctx.params.id);
      const invoice = await prisma.invoice.findUniqueOrThrow({ where: { id: parseId(String(row.id)) }, select: INVOICE_FOR_CFDI });
      if (!invoice.xml || !invoice.uuid) throw conflict('invoicing.files.not_stamped');
      const bytes = await invoicePdf(invoice, ctx.t);
      return new FileResult(new Uint8Array(bytes), 'application/pdf', `${invoice.serie ?? ''}${invoice.folio ?? ''}-${invoice.uuid}.pdf`, { inline: ctx.queryInput.inline === 'true', size: bytes.length });
    },
  });

  return [fromSale, stamp, cancel, cancelStatus, xmlFile, pdfFile];
}

/** A PAC that cannot be reached leaves the invoice as it was, with a message staff can act on. */
async function reachPac<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PacUnavailable) throw conflict('invoicing.stamp.pac_unavailable');
    throw error;
  }
}

/** The next folio of a serie: one more than the highest numeric folio, taken under a lock so two never share it. */
export async function nextFolio(tx: Tx, serie: string): Promise<string> {
  await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext('invoice_folio:' || $1))", serie);
  const [row] = await tx.$queryRawUnsafe<{ next: string }[]>("SELECT (coalesce(max(folio::bigint), 0) + 1)::text AS next FROM invoices WHERE serie = $1 AND folio ~ '^[0-9]{1,15}$'", serie);
  return row.next;
}
