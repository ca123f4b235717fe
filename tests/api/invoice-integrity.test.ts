// The invoice aggregate (issue 27): what the generic API may change in each state of an invoice, of
// its concepts and of their taxes (the state table, tried cell by cell), and the rules that only the
// owner applies: a stamped invoice refuses every change with 409 naming the field and the state (it
// used to answer 200 and drop it), its cancellation fields are written only by the cancel operation,
// cancellation 01 names a stamped invoice that replaces this one (TipoRelacion 04), and the IEDU
// complement goes only on an invoice with CFDI use D10 (on a concept, on the invoice's use, on stamping).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { historyOf, runStateMatrix } from './state-matrix';

const INVOICES = 'invoices/api/invoices/';
const CONCEPTS = 'invoices/api/invoice-concepts/';
const TAXES = 'invoices/api/invoice-taxes/';

type InvoiceState = 'PENDING' | 'ERROR' | 'STAMPED' | 'CANCEL_REQUESTED' | 'CANCELLED';

let admin: string;
let ids: Record<string, number>;
const made: number[] = [];
const sales: number[] = [];
let folio = 0;
/** A CURP whose check digit SAT's rules accept: the demo student's. */
let curp: string;

const code = async (table: 'typeVoucher' | 'fiscalRegime' | 'cfdiType' | 'paymentForm' | 'paymentMethod' | 'prodServ' | 'unit' | 'typeRelation', value: string) =>
  ((await (prisma[table] as unknown as { findUniqueOrThrow: (args: unknown) => Promise<{ id: number }> }).findUniqueOrThrow({ where: { code: value }, select: { id: true } })) as { id: number }).id;

const uuid = () => randomUUID().toUpperCase();

beforeAll(async () => {
  admin = await tokenFor('admin');
  curp = (await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { curp: true } })).curp!;
  ids = {
    voucherI: await code('typeVoucher', 'I'),
    voucherE: await code('typeVoucher', 'E'),
    regime601: await code('fiscalRegime', '601'),
    regime603: await code('fiscalRegime', '603'),
    regime605: await code('fiscalRegime', '605'),
    regime612: await code('fiscalRegime', '612'),
    useD10: await code('cfdiType', 'D10'),
    useD01: await code('cfdiType', 'D01'),
    useS01: await code('cfdiType', 'S01'),
    form03: await code('paymentForm', '03'),
    form01: await code('paymentForm', '01'),
    pue: await code('paymentMethod', 'PUE'),
    ppd: await code('paymentMethod', 'PPD'),
    tuition: await code('prodServ', '86121700'),
    highSchool: await code('prodServ', '86121600'),
    service: await code('unit', 'E48'),
    piece: await code('unit', 'H87'),
    substitution: await code('typeRelation', '04'),
    creditNote: await code('typeRelation', '01'),
    sale: (await prisma.sale.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { id: true } })).id,
  };
}, 60_000);

afterAll(async () => {
  await prisma.invoice.deleteMany({ where: { id: { in: made } } });
  await prisma.invoice.deleteMany({ where: { sale_id: { in: sales } } });
  await prisma.payment.deleteMany({ where: { sale_id: { in: sales } } });
  await prisma.sale.deleteMany({ where: { id: { in: sales } } });
});

/** An invoice in a state, written as the owner leaves it: a person's D10 tuition invoice with one line and its IVA. */
async function invoiceIn(status: InvoiceState, extra: Record<string, unknown> = {}): Promise<number> {
  const stamped = status !== 'PENDING' && status !== 'ERROR';
  folio += 1;
  const invoice = await prisma.invoice.create({
    data: {
      fiscal_rfc: 'EKU9003173C9',
      fiscal_social_reason: 'ESCUELA KEMPER URGATE',
      type_voucher_id: ids.voucherI,
      fiscal_regime_id: ids.regime601,
      rfc: 'LOMA050312AB1',
      social_reason: 'MARIA LOPEZ MARTINEZ',
      cfdi_type_id: ids.useD10,
      receiver_regime_id: ids.regime605,
      postal_code: '44160',
      expedition_place: '44100',
      payment_form_id: ids.form03,
      payment_method_id: ids.pue,
      serie: 'MTX',
      folio: `${Date.now() % 1_000_000}${folio}`,
      status,
      uuid: stamped ? uuid() : null,
      xml: stamped ? '<cfdi:Comprobante/>' : null,
      stamped_at: stamped ? new Date() : null,
      pac_message: status === 'ERROR' ? 'CFDI40147: El campo DomicilioFiscalReceptor' : null,
      cancel_reason: status === 'CANCEL_REQUESTED' || status === 'CANCELLED' ? '02' : null,
      ...extra,
    },
    select: { id: true },
  });
  made.push(invoice.id);
  const concept = await prisma.invoiceConcept.create({ data: { invoice_id: invoice.id, prod_serv_id: ids.tuition, unit_id: ids.service, description: 'Curso de titulación', qty: '1', unit_value: '100.00', amount: '100.00', object_imp: '02' }, select: { id: true } });
  await prisma.invoiceTax.create({ data: { invoice_concept_id: concept.id, tax: '002', factor_type: 'Tasa', rate: '0.160000', base: '100.00', amount: '16.00' } });
  return invoice.id;
}

/** Everything the aggregate stores about an invoice: the row, its lines and taxes, and their history. */
async function invoiceSnapshot(id: number) {
  const row = await prisma.invoice.findUnique({ where: { id }, include: { concepts: { orderBy: { id: 'asc' }, include: { taxes: { orderBy: { id: 'asc' } } } } } });
  const { updated_at: _updated, ...rest } = row ?? { updated_at: null };
  const conceptIds = row?.concepts.map((concept) => concept.id) ?? [];
  const taxIds = row?.concepts.flatMap((concept) => concept.taxes.map((tax) => tax.id)) ?? [];
  return {
    invoice: rest,
    history: await historyOf('invoices', id),
    concepts: await Promise.all(conceptIds.map((one) => historyOf('invoice_concepts', one))),
    taxes: await Promise.all(taxIds.map((one) => historyOf('invoice_taxes', one))),
  };
}

const firstConcept = async (invoiceId: number) => (await prisma.invoiceConcept.findFirstOrThrow({ where: { invoice_id: invoiceId }, orderBy: { id: 'asc' }, select: { id: true } })).id;
const firstTax = async (invoiceId: number) => (await prisma.invoiceTax.findFirstOrThrow({ where: { invoice_concept: { invoice_id: invoiceId } }, orderBy: { id: 'asc' }, select: { id: true } })).id;
const invoiceOfConcept = async (conceptId: number) => (await prisma.invoiceConcept.findUniqueOrThrow({ where: { id: conceptId }, select: { invoice_id: true } })).invoice_id;
const invoiceOfTax = async (taxId: number) => (await prisma.invoiceTax.findUniqueOrThrow({ where: { id: taxId }, select: { invoice_concept: { select: { invoice_id: true } } } })).invoice_concept.invoice_id;

const STATES: InvoiceState[] = ['PENDING', 'ERROR', 'STAMPED', 'CANCEL_REQUESTED', 'CANCELLED'];
const each = <T>(make: (state: InvoiceState) => () => Promise<T>) => Object.fromEntries(STATES.map((state) => [state, make(state)]));

describe('the state matrix', () => {
  it('invoices: a draft (PENDING, ERROR) changes any field but the cancellation’s and may be deleted; a stamped one refuses every change and is never deleted', async () => {
    await runStateMatrix({
      base: INVOICES,
      token: () => admin,
      states: each((state) => () => invoiceIn(state)),
      edits: {
        fiscal_rfc: () => 'AAA010101AAA',
        fiscal_social_reason: () => 'OTRA ESCUELA SC',
        type_voucher_id: () => ids.voucherE,
        fiscal_regime_id: () => ids.regime603,
        rfc: () => 'MALO800101AB1',
        social_reason: () => 'MARIO LOPEZ',
        cfdi_type_id: () => ids.useD01,
        receiver_regime_id: () => ids.regime612,
        expedition_date: () => '2026-01-05T10:00:00.000Z',
        postal_code: () => '44100',
        expedition_place: () => '44160',
        coin_type: () => 'USD',
        payment_form_id: () => ids.form01,
        payment_method_id: () => ids.ppd,
        serie: () => 'MTZ',
        folio: () => `${Date.now()}`.slice(-9),
        conditions: () => 'Crédito',
        type_relation_id: () => ids.substitution,
        related_uuids: () => [uuid()],
        cancel_reason: () => '03',
        cancel_substitute_uuid: () => uuid(),
        is_deleted: () => true,
        sale_id: () => ids.sale,
        notes: () => 'Una nota',
      },
      snapshot: invoiceSnapshot,
    });
  }, 300_000);

  it('concepts follow their invoice: changed or removed only while it is a draft', async () => {
    await runStateMatrix({
      base: CONCEPTS,
      token: () => admin,
      states: each((state) => async () => firstConcept(await invoiceIn(state))),
      edits: {
        // Moved to another draft: allowed only from a draft.
        invoice_id: () => invoiceIn('PENDING'),
        prod_serv_id: () => ids.highSchool,
        unit_id: () => ids.piece,
        no_identification: () => 'COL-01',
        description: () => 'Colegiatura enero',
        qty: () => '2',
        unit_value: () => '250.00',
        discount: () => '10.00',
        object_imp: () => '03',
        iedu: () => ({ nombreAlumno: 'MARIA LOPEZ MARTINEZ', CURP: curp, nivelEducativo: 'Bachillerato o su equivalente', autRVOE: 'RVOE-123', rfcPago: null }),
        status: () => false,
      },
      snapshot: async (id) => invoiceSnapshot(await invoiceOfConcept(id)),
    });
  }, 300_000);

  it('taxes follow their concept’s invoice', async () => {
    await runStateMatrix({
      base: TAXES,
      token: () => admin,
      states: each((state) => async () => firstTax(await invoiceIn(state))),
      edits: {
        invoice_concept_id: async () => firstConcept(await invoiceIn('PENDING')),
        tax: () => '003',
        factor_type: () => 'Exento',
        rate: () => '0.08',
        is_retention: () => true,
        status: () => false,
      },
      snapshot: async (id) => invoiceSnapshot(await invoiceOfTax(id)),
    });
  }, 300_000);

  it('a new concept or tax joins only a draft', async () => {
    for (const state of STATES) {
      const id = await invoiceIn(state);
      const before = await invoiceSnapshot(id);
      const concept = await call('POST', CONCEPTS, { token: admin, body: { invoice_id: id, prod_serv_id: ids.tuition, unit_id: ids.service, description: 'Otra línea', qty: '1', unit_value: '50.00', object_imp: '02' } });
      const tax = await call('POST', TAXES, { token: admin, body: { invoice_concept_id: await firstConcept(id), tax: '002', factor_type: 'Tasa', rate: '0.16', is_retention: true } });
      if (state === 'PENDING' || state === 'ERROR') {
        expect([concept.status, tax.status], `${state}: ${JSON.stringify([concept.body, tax.body])}`).toEqual([201, 201]);
      } else {
        expect([concept.status, tax.status], state).toEqual([409, 409]);
        expect(concept.body.detail, state).toMatch(/No se puede agregar/);
        expect(await invoiceSnapshot(id)).toEqual(before);
      }
    }
  }, 120_000);
});

describe('a stamped invoice', () => {
  it('refuses a PATCH with 409 naming the field and the state, and changes nothing (it used to answer 200 and drop it)', async () => {
    const id = await invoiceIn('STAMPED');
    const before = await invoiceSnapshot(id);
    const notes = await call('PATCH', `${INVOICES}${id}/`, { token: admin, body: { notes: 'corregida' } });
    expect(notes.status).toBe(409);
    expect(notes.body.detail).toMatch(/timbrada/);
    expect(notes.body.field).toBe('notes');
    expect(notes.body.state).toBe('STAMPED');
    const rfc = await call('PATCH', `${INVOICES}${id}/`, { token: admin, body: { rfc: 'MALO800101AB1' } });
    expect(rfc.status).toBe(409);
    expect(await invoiceSnapshot(id)).toEqual(before);
  });

  it('is neither soft-deleted nor given a cancellation without SAT: only the cancel operation cancels', async () => {
    const id = await invoiceIn('STAMPED');
    const before = await invoiceSnapshot(id);
    for (const body of [{ is_deleted: true }, { cancel_reason: '02' }, { cancel_substitute_uuid: uuid() }, { cancel_reason: '02', notes: 'x' }]) {
      const answer = await call('PATCH', `${INVOICES}${id}/`, { token: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(409);
    }
    expect((await call('DELETE', `${INVOICES}${id}/`, { token: admin })).status).toBe(409);
    expect(await invoiceSnapshot(id)).toEqual(before);
    // Not even on a draft: the cancellation's fields are the PAC's answer.
    const draft = await invoiceIn('PENDING');
    expect((await call('PATCH', `${INVOICES}${draft}/`, { token: admin, body: { cancel_reason: '02' } })).status).toBe(409);
    const cancelled = await call('POST', `${INVOICES}${id}/cancel/`, { token: admin, body: { reason: '02' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancel_reason: '02' });
  });

  it('shows its state and what it allows for the screens', async () => {
    const stamped = await call('GET', `${INVOICES}${await invoiceIn('STAMPED')}/state/`, { token: admin });
    expect(stamped.body).toMatchObject({ state: 'STAMPED', label: 'timbrada', update: [], delete: false, operations: ['cancel'] });
    const draft = await call('GET', `${INVOICES}${await invoiceIn('PENDING')}/state/`, { token: admin });
    expect(draft.body).toMatchObject({ state: 'PENDING', delete: true, operations: ['stamp'] });
    expect(draft.body.update).not.toContain('cancel_reason');
  });
});

describe('cancellation 01', () => {
  it('needs a stamped invoice that relates this one with TipoRelacion 04, not any stamped invoice', async () => {
    const id = await invoiceIn('STAMPED');
    const cancelled = await prisma.invoice.findUniqueOrThrow({ where: { id }, select: { uuid: true } });
    const unrelated = await prisma.invoice.findUniqueOrThrow({ where: { id: await invoiceIn('STAMPED') }, select: { uuid: true } });
    const otherRelation = await prisma.invoice.findUniqueOrThrow({ where: { id: await invoiceIn('STAMPED', { type_relation_id: ids.creditNote, related_uuids: [cancelled.uuid] }) }, select: { uuid: true } });
    const pendingSubstitute = await invoiceIn('PENDING', { type_relation_id: ids.substitution, related_uuids: [cancelled.uuid] });
    const before = await invoiceSnapshot(id);

    const any = await call('POST', `${INVOICES}${id}/cancel/`, { token: admin, body: { reason: '01', substitute_uuid: unrelated.uuid } });
    expect(any.status).toBe(400);
    expect(any.body.substitute_uuid[0]).toMatch(/tipo de relación 04/);
    expect(any.body.substitute_uuid[0]).toContain(cancelled.uuid);
    expect((await call('POST', `${INVOICES}${id}/cancel/`, { token: admin, body: { reason: '01', substitute_uuid: otherRelation.uuid } })).status).toBe(400);
    // A substitute not yet stamped does not replace anything at SAT.
    const notStamped = await prisma.invoice.update({ where: { id: pendingSubstitute }, data: { uuid: uuid() }, select: { uuid: true } });
    expect((await call('POST', `${INVOICES}${id}/cancel/`, { token: admin, body: { reason: '01', substitute_uuid: notStamped.uuid } })).status).toBe(400);
    // Itself neither.
    expect((await call('POST', `${INVOICES}${id}/cancel/`, { token: admin, body: { reason: '01', substitute_uuid: cancelled.uuid } })).status).toBe(400);
    // A substitute with another reason is refused rather than sent to SAT.
    expect((await call('POST', `${INVOICES}${id}/cancel/`, { token: admin, body: { reason: '02', substitute_uuid: unrelated.uuid } })).status).toBe(400);
    expect(await invoiceSnapshot(id)).toEqual(before);

    const substitute = await prisma.invoice.findUniqueOrThrow({ where: { id: await invoiceIn('STAMPED', { type_relation_id: ids.substitution, related_uuids: [cancelled.uuid!.toLowerCase()] }) }, select: { uuid: true } });
    const replaced = await call('POST', `${INVOICES}${id}/cancel/`, { token: admin, body: { reason: '01', substitute_uuid: substitute.uuid } });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ status: 'CANCELLED', cancel_reason: '01', cancel_substitute_uuid: substitute.uuid });
  });
});

describe('the IEDU complement', () => {
  const ieduOf = () => ({ nombreAlumno: 'MARIA LOPEZ MARTINEZ', CURP: curp, nivelEducativo: 'Bachillerato o su equivalente', autRVOE: 'RVOE-123' });

  it('is refused on a concept of an invoice whose use is not D10, on create and on update', async () => {
    const iedu = ieduOf();
    const id = await invoiceIn('PENDING', { cfdi_type_id: ids.useS01 });
    const before = await invoiceSnapshot(id);
    const created = await call('POST', CONCEPTS, { token: admin, body: { invoice_id: id, prod_serv_id: ids.highSchool, unit_id: ids.service, description: 'Colegiatura', qty: '1', unit_value: '3500.00', object_imp: '02', iedu } });
    expect(created.status).toBe(400);
    expect(created.body.iedu).toEqual(['El complemento IEDU (colegiaturas) solo va en una factura con uso de CFDI D10; esta tiene el uso S01.']);
    const updated = await call('PATCH', `${CONCEPTS}${await firstConcept(id)}/`, { token: admin, body: { iedu } });
    expect(updated.status).toBe(400);
    expect(await invoiceSnapshot(id)).toEqual(before);
    // With use D10 it is taken.
    const d10 = await invoiceIn('PENDING');
    expect((await call('PATCH', `${CONCEPTS}${await firstConcept(d10)}/`, { token: admin, body: { iedu } })).status).toBe(200);
    // And the invoice then keeps its use D10.
    const other = await call('PATCH', `${INVOICES}${d10}/`, { token: admin, body: { cfdi_type_id: ids.useS01 } });
    expect(other.status).toBe(400);
    expect(other.body.cfdi_type_id[0]).toMatch(/IEDU/);
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: d10 }, select: { cfdi_type_id: true } })).cfdi_type_id).toBe(ids.useD10);
  });

  it('stops the stamp of an invoice with use S01 whose line carries it', async () => {
    const iedu = ieduOf();
    const student = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, current_group: { select: { cicle_id: true } } } });
    const sale = await call('POST', 'finance/api/sales/', { token: admin, body: { student_id: student.id, cicle_id: student.current_group?.cicle_id ?? null } });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    sales.push(sale.body.id);
    expect((await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: sale.body.id, description: 'Constancia de estudios', qty: 1, amount: '150.00', iva: '0.16' } })).status).toBe(201);
    const total = (await prisma.sale.findUniqueOrThrow({ where: { id: sale.body.id }, select: { total_pay: true } })).total_pay.toFixed(2);
    expect((await call('POST', 'finance/api/payments/', { token: admin, body: { sale_id: sale.body.id, amount: total } })).status).toBe(201);
    // The public in general: use S01.
    const invoice = await call('POST', `${INVOICES}from_sale/`, { token: admin, body: { sale_id: sale.body.id, public: true } });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    made.push(invoice.body.id);
    // A complement that reached the line some other way (an older import): the stamp refuses it.
    await prisma.invoiceConcept.updateMany({ where: { invoice_id: invoice.body.id }, data: { iedu } });
    const stamped = await call('POST', `${INVOICES}${invoice.body.id}/stamp/`, { token: admin });
    expect(stamped.status, JSON.stringify(stamped.body)).toBe(400);
    expect(stamped.body.cfdi_type_id[0]).toMatch(/IEDU.*S01/);
    expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.body.id }, select: { status: true, uuid: true } })).toEqual({ status: 'PENDING', uuid: null });
  }, 60_000);
});
