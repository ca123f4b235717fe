// CFDI 4.0 through the API: an invoice made from a paid sale charges what was paid; its totals are
// the server's (never a client's); it is sealed with the school's CSD and stamped on the fake PAC
// (Finkok's protocol) into XML that SAT's schemas accept, whose seal verifies over the cadena of
// SAT's own XSLT; a PAC error leaves it in ERROR with the PAC's message, to be fixed and stamped
// again; cancellation follows SAT's reasons; the XML and PDF go to staff and to the student the
// invoice is for, never to another student. The school's CSD upload is checked in Settings.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { verifySeal } from '@/server/esign/credential';
import { validateXml } from '@/server/esign/xsd';
import { fakeFinkok } from '@/server/modules/invoices/pac/fake';
import { FinkokPac, httpTransport } from '@/server/modules/invoices/pac/finkok';
import { demoCredential } from '@/prisma/seed/credentials/demo';
import { prepareSatStylesheets, satCadena } from '../fixtures/sat-xslt';
import { call, tokenFor } from './client';
import { pdfText } from './pdf-text';

let admin: string;
let ana: { id: number; cicle_id: number | null };
let anaData: number;
const created = { sales: [] as number[], invoices: [] as number[] };

/** The comprobante without the PAC's stamp: what the issuer sealed. */
const unstamped = (xml: string) => xml.replace(/<cfdi:Complemento>[\s\S]*<\/cfdi:Complemento>/, '');
const attribute = (xml: string, element: string, name: string) => new RegExp(`<(?:\\w+:)?${element}\\b[^>]*?\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';

beforeAll(async () => {
  // SAT's XSLT is compiled once per clone (a few seconds), before the tests that read it.
  prepareSatStylesheets();
  admin = await tokenFor('admin');
  const student = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, current_group: { select: { cicle_id: true } } } });
  ana = { id: student.id, cicle_id: student.current_group?.cicle_id ?? null };
  const [regime, use] = await Promise.all([prisma.fiscalRegime.findUniqueOrThrow({ where: { code: '605' } }), prisma.cfdiType.findUniqueOrThrow({ where: { code: 'D10' } })]);
  const data = await call('POST', 'invoices/api/invoice-data/', { token: admin, body: { student_id: ana.id, rfc: 'LOMA050312AB1', social_reason: 'MARIA LOPEZ MARTINEZ', postal_code: '44160', fiscal_regime_id: regime.id, cfdi_type_id: use.id } });
  expect(data.status, JSON.stringify(data.body)).toBe(201);
  anaData = data.body.id;
}, 120_000);

afterAll(async () => {
  await prisma.invoice.deleteMany({ where: { id: { in: created.invoices } } });
  await prisma.payment.deleteMany({ where: { sale_id: { in: created.sales } } });
  await prisma.sale.deleteMany({ where: { id: { in: created.sales } } });
  await prisma.invoiceData.deleteMany({ where: { id: anaData } });
});

/** A sale for Ana: a month of her tuition (exempt) and a uniform with IVA, paid in full. */
async function paidSale(): Promise<{ id: number; total: string }> {
  const tuition = await prisma.concept.findFirstOrThrow({ where: { recurrency_id: { not: null }, status: true }, orderBy: { id: 'asc' }, select: { id: true } });
  const sale = await call('POST', 'finance/api/sales/', { token: admin, body: { student_id: ana.id, cicle_id: ana.cicle_id, notes: 'factura de prueba' } });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  created.sales.push(sale.body.id);
  for (const line of [
    { concept_id: tuition.id, description: 'Colegiatura noviembre', qty: 1, amount: '3850.00', iva: '0.08', discount: '385.00' },
    { description: 'Uniforme deportivo', qty: 2, amount: '348.00', iva: '0.16' },
  ]) {
    const added = await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: sale.body.id, ...line } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  const total = (await prisma.sale.findUniqueOrThrow({ where: { id: sale.body.id }, select: { total_pay: true } })).total_pay.toFixed(2);
  const paid = await call('POST', 'finance/api/payments/', { token: admin, body: { sale_id: sale.body.id, amount: total } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return { id: sale.body.id, total };
}

async function invoiceOf(saleId: number, body: Record<string, unknown> = { invoice_data_id: anaData }) {
  const answer = await call('POST', 'invoices/api/invoices/from_sale/', { token: admin, body: { sale_id: saleId, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  created.invoices.push(answer.body.id);
  return answer.body as { id: number; total: string; status: string };
}

describe('an invoice from a paid sale', () => {
  it('charges what was paid, line by line; is stamped into XML SAT accepts; leaves its history', async () => {
    const sale = await paidSale();
    const invoice = await invoiceOf(sale.id);
    expect(Number(invoice.total)).toBe(Number(sale.total));
    expect(invoice.status).toBe('PENDING');
    const concepts = await prisma.invoiceConcept.findMany({ where: { invoice_id: invoice.id }, orderBy: { id: 'asc' }, select: { discount: true, taxes: { select: { factor_type: true, rate: true } } } });
    // Tuition of an RVOE school is exempt, with what the student did not pay as its discount; the uniform carries its IVA.
    expect(concepts.map((concept) => [concept.taxes[0].factor_type, concept.taxes[0].rate?.toFixed(2) ?? null, concept.discount.toFixed(2)])).toEqual([
      ['Exento', null, '385.00'],
      ['Tasa', '0.16', '0.00'],
    ]);
    // A sale is invoiced once.
    const again = await call('POST', 'invoices/api/invoices/from_sale/', { token: admin, body: { sale_id: sale.id, invoice_data_id: anaData } });
    expect(again.status).toBe(409);

    const stamped = await call('POST', `invoices/api/invoices/${invoice.id}/stamp/`, { token: admin });
    expect(stamped.status, JSON.stringify(stamped.body)).toBe(200);
    expect(stamped.body.status).toBe('STAMPED');
    const row = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { xml: true, uuid: true, total: true } });
    expect(row.uuid).toMatch(/^[0-9A-F-]{36}$/);
    const xml = row.xml!;
    expect(await validateXml(xml, 'cfdi40')).toEqual({ valid: true, problems: [] });
    expect(attribute(xml, 'TimbreFiscalDigital', 'UUID')).toBe(row.uuid);
    expect(attribute(xml, 'Comprobante', 'Total')).toBe(sale.total);
    // The seal is the school's CSD over the cadena SAT's stylesheet writes.
    expect(verifySeal(attribute(xml, 'Comprobante', 'Certificado'), satCadena(unstamped(xml)), attribute(xml, 'Comprobante', 'Sello'))).toBe(true);
    const history = await prisma.auditLog.findMany({ where: { resource: 'invoices', record_id: String(invoice.id) }, select: { type: true, changes: true } });
    expect(history.map((entry) => entry.type)).toEqual(expect.arrayContaining(['+', '~']));
    expect(JSON.stringify(history)).toContain('STAMPED');
    // Stamped once: a second stamp is refused.
    expect((await call('POST', `invoices/api/invoices/${invoice.id}/stamp/`, { token: admin })).status).toBe(409);
  });

  it('tuition at a level parents deduct carries the IEDU complement with the student and the RVOE', async () => {
    const student = await prisma.student.findUniqueOrThrow({ where: { id: ana.id }, select: { curp: true, career: { select: { id: true, iedu_id: true, rvoe: true } } } });
    const level = await prisma.iedu.findFirstOrThrow({ where: { description: 'Bachillerato o su equivalente' } });
    await prisma.career.update({ where: { id: student.career!.id }, data: { iedu_id: level.id } });
    try {
      const sale = await paidSale();
      const invoice = await invoiceOf(sale.id);
      const stamped = await call('POST', `invoices/api/invoices/${invoice.id}/stamp/`, { token: admin });
      expect(stamped.body.status).toBe('STAMPED');
      const xml = (await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { xml: true } })).xml!;
      expect(await validateXml(xml, 'cfdi40')).toEqual({ valid: true, problems: [] });
      // Only the tuition line: the uniform is not a school service.
      expect(xml.match(/<iedu:instEducativas /g)).toHaveLength(1);
      expect(attribute(xml, 'instEducativas', 'CURP')).toBe(student.curp);
      expect(attribute(xml, 'instEducativas', 'nivelEducativo')).toBe('Bachillerato o su equivalente');
      expect(attribute(xml, 'instEducativas', 'autRVOE')).toBe(student.career!.rvoe);
      expect(attribute(xml, 'instEducativas', 'rfcPago')).toBe('LOMA050312AB1');
      expect(verifySeal(attribute(xml, 'Comprobante', 'Certificado'), satCadena(unstamped(xml)), attribute(xml, 'Comprobante', 'Sello'))).toBe(true);
    } finally {
      await prisma.career.update({ where: { id: student.career!.id }, data: { iedu_id: student.career!.iedu_id } });
    }
  });

  it('refuses an unpaid sale and a receiver of another student', async () => {
    const sale = await call('POST', 'finance/api/sales/', { token: admin, body: { student_id: ana.id, cicle_id: ana.cicle_id } });
    created.sales.push(sale.body.id);
    await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: sale.body.id, description: 'Constancia', qty: 1, amount: '150.00' } });
    const unpaid = await call('POST', 'invoices/api/invoices/from_sale/', { token: admin, body: { sale_id: sale.body.id, public: true } });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.detail).toBe('Solo se factura una venta pagada por completo.');
    const paid = await paidSale();
    const others = await prisma.invoiceData.findFirstOrThrow({ where: { student_id: { not: ana.id } }, select: { id: true } });
    const wrong = await call('POST', 'invoices/api/invoices/from_sale/', { token: admin, body: { sale_id: paid.id, invoice_data_id: others.id } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.invoice_data_id).toEqual(['Esos datos de facturación no son del alumno de la venta.']);
    expect(await prisma.invoice.count({ where: { sale_id: paid.id } })).toBe(0);
  });
});

describe('totals and catalogue rules', () => {
  it('computes the totals from the concepts; a client’s totals never count', async () => {
    const [voucher, regime, use, form, method, product, unit] = await Promise.all([
      prisma.typeVoucher.findUniqueOrThrow({ where: { code: 'I' } }),
      prisma.fiscalRegime.findUniqueOrThrow({ where: { code: '605' } }),
      prisma.cfdiType.findUniqueOrThrow({ where: { code: 'D10' } }),
      prisma.paymentForm.findUniqueOrThrow({ where: { code: '03' } }),
      prisma.paymentMethod.findUniqueOrThrow({ where: { code: 'PUE' } }),
      prisma.prodServ.findUniqueOrThrow({ where: { code: '86121700' } }),
      prisma.unit.findUniqueOrThrow({ where: { code: 'E48' } }),
    ]);
    const typed = await call('POST', 'invoices/api/invoices/', {
      token: admin,
      body: { rfc: 'LOMA050312AB1', social_reason: 'MARIA LOPEZ MARTINEZ', postal_code: '44160', type_voucher_id: voucher.id, receiver_regime_id: regime.id, cfdi_type_id: use.id, payment_form_id: form.id, payment_method_id: method.id, total: '99999.00', subtotal: '5.00' },
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(201);
    created.invoices.push(typed.body.id);
    expect([typed.body.total, typed.body.subtotal].map(Number)).toEqual([0, 0]);
    expect(typed.body.folio).toMatch(/^\d+$/);
    const concept = await call('POST', 'invoices/api/invoice-concepts/', { token: admin, body: { invoice_id: typed.body.id, prod_serv_id: product.id, unit_id: unit.id, description: 'Curso de titulación', qty: '2', unit_value: '1500.00', discount: '100.00', object_imp: '02' } });
    expect(concept.status, JSON.stringify(concept.body)).toBe(201);
    // An educational service typed without taxes is IVA-exempt until staff say otherwise.
    const [exempt] = await prisma.invoiceTax.findMany({ where: { invoice_concept_id: concept.body.id } });
    expect([exempt.factor_type, exempt.base.toFixed(2)]).toEqual(['Exento', '2900.00']);
    // The base and amount are the system's: a save that types them is refused whole (409).
    const typedTotals = await call('PUT', `invoices/api/invoice-taxes/${exempt.id}/`, { token: admin, body: { invoice_concept_id: concept.body.id, tax: '002', factor_type: 'Tasa', rate: '0.16', base: '1.00', amount: '1.00' } });
    expect(typedTotals.status, JSON.stringify(typedTotals.body)).toBe(409);
    expect((await prisma.invoiceTax.findUniqueOrThrow({ where: { id: exempt.id } })).factor_type).toBe('Exento');
    const tax = await call('PUT', `invoices/api/invoice-taxes/${exempt.id}/`, { token: admin, body: { invoice_concept_id: concept.body.id, tax: '002', factor_type: 'Tasa', rate: '0.16' } });
    expect(tax.status, JSON.stringify(tax.body)).toBe(200);
    const stored = await prisma.invoice.findUniqueOrThrow({ where: { id: typed.body.id }, select: { subtotal: true, descuento: true, isp_transfer: true, total: true } });
    // 2 × 1500 = 3000, less 100 = 2900, IVA 16 % = 464: 3364. The base and amount the client sent do not count.
    expect([stored.subtotal, stored.descuento, stored.isp_transfer, stored.total].map((value) => value.toFixed(2))).toEqual(['3000.00', '100.00', '464.00', '3364.00']);
    const taxRow = await prisma.invoiceTax.findUniqueOrThrow({ where: { id: tax.body.id } });
    expect([taxRow.base.toFixed(2), taxRow.amount?.toFixed(2)]).toEqual(['2900.00', '464.00']);
    // A PUT with totals is refused whole (409 naming one) and changes nothing of them.
    const totals = await call('PUT', `invoices/api/invoices/${typed.body.id}/`, { token: admin, body: { ...typed.body, total: '1.00', isp_transfer: '0.00' } });
    expect(totals.status).toBe(409);
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: typed.body.id }, select: { total: true } })).total.toFixed(2)).toBe('3364.00');
  });

  it('refuses a CFDI use that does not go with the receiver’s regime or kind of RFC', async () => {
    const [regime, use] = await Promise.all([prisma.fiscalRegime.findUniqueOrThrow({ where: { code: '601' } }), prisma.cfdiType.findUniqueOrThrow({ where: { code: 'D10' } })]);
    const before = await prisma.invoice.count();
    const company = await call('POST', 'invoices/api/invoices/', { token: admin, body: { rfc: 'EMP010101AB1', social_reason: 'EMPRESA SA DE CV', postal_code: '44100', receiver_regime_id: regime.id, cfdi_type_id: use.id } });
    expect(company.status).toBe(400);
    expect(company.body.cfdi_type_id).toEqual(['El uso D10 no es para personas morales.']);
    expect(await prisma.invoice.count()).toBe(before);
  });
});

describe('the PAC', () => {
  it('an error leaves the invoice in ERROR with the PAC’s message; fixed, it stamps', async () => {
    const sale = await paidSale();
    const invoice = await invoiceOf(sale.id);
    await prisma.invoice.update({ where: { id: invoice.id }, data: { postal_code: '00000' } });
    const refused = await call('POST', `invoices/api/invoices/${invoice.id}/stamp/`, { token: admin });
    expect(refused.status).toBe(200);
    expect(refused.body.status).toBe('ERROR');
    expect(refused.body.pac_message).toMatch(/^CFDI40147: El campo DomicilioFiscalReceptor/);
    const fixed = await call('PUT', `invoices/api/invoices/${invoice.id}/`, { token: admin, body: { postal_code: '44160' } });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const stamped = await call('POST', `invoices/api/invoices/${invoice.id}/stamp/`, { token: admin });
    expect(stamped.body.status).toBe('STAMPED');
    expect(stamped.body.pac_message).toBeNull();
  });

  it('cancels with SAT’s reasons: 02 at once for a small invoice, waits for the receiver over $1,000; 01 needs the replacing invoice', async () => {
    const sale = await paidSale();
    const invoice = await invoiceOf(sale.id);
    await call('POST', `invoices/api/invoices/${invoice.id}/stamp/`, { token: admin });
    const noReason = await call('POST', `invoices/api/invoices/${invoice.id}/cancel/`, { token: admin, body: {} });
    expect(noReason.status).toBe(400);
    const noSubstitute = await call('POST', `invoices/api/invoices/${invoice.id}/cancel/`, { token: admin, body: { reason: '01' } });
    expect(noSubstitute.status).toBe(400);
    expect(noSubstitute.body.substitute_uuid).toEqual(['El motivo 01 necesita el folio fiscal (UUID) de la factura que la sustituye.']);
    // Over $1,000 to a named receiver: requested, then accepted.
    const requested = await call('POST', `invoices/api/invoices/${invoice.id}/cancel/`, { token: admin, body: { reason: '02' } });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.status).toBe('CANCEL_REQUESTED');
    expect(requested.body.cancel_reason).toBe('02');
    const accepted = await call('POST', `invoices/api/invoices/${invoice.id}/cancel_status/`, { token: admin });
    expect(accepted.body.status).toBe('CANCELLED');
    // Once cancelled it is not cancelled again.
    expect((await call('POST', `invoices/api/invoices/${invoice.id}/cancel/`, { token: admin, body: { reason: '02' } })).status).toBe(409);
  });

  it('Finkok’s client stamps over HTTP against a local service of its protocol', async () => {
    const transport = fakeFinkok();
    const server: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', async () => {
        const service = request.url?.endsWith('/stamp') ? 'stamp' : 'cancel';
        response.writeHead(200, { 'content-type': 'text/xml' }).end(await transport(service, body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/servicios/soap`;
      const client = new FinkokPac(httpTransport(url), 'usuario', 'secreto');
      const refused = await client.stamp('<no-es-un-cfdi/>');
      expect(refused).toMatchObject({ ok: false, code: '301' });
      const stamped = await prisma.invoice.findFirstOrThrow({ where: { status: 'STAMPED', xml: { not: null } }, orderBy: { id: 'asc' }, select: { xml: true } });
      // A CFDI dated now: the demo's sealed XML with today's date passes the schema but not the 72-hour window.
      const old = await client.stamp(unstamped(stamped.xml!));
      expect(old).toMatchObject({ ok: false, code: '401' });
    } finally {
      server.close();
    }
  });
});

describe('the files', () => {
  it('XML and PDF for staff and for the student the invoice is for; never for another student', async () => {
    const sale = await paidSale();
    const invoice = await invoiceOf(sale.id);
    const before = await call('GET', `invoices/api/invoices/${invoice.id}/xml/`, { token: admin, raw: true });
    expect(before.status).toBe(409);
    await call('POST', `invoices/api/invoices/${invoice.id}/stamp/`, { token: admin });
    const row = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { uuid: true, xml: true } });
    const xml = await call<ArrayBuffer>('GET', `invoices/api/invoices/${invoice.id}/xml/`, { token: admin, raw: true });
    expect(xml.status).toBe(200);
    expect(Buffer.from(xml.body).toString('utf8')).toBe(row.xml);
    const pdf = await call<ArrayBuffer>('GET', `invoices/api/invoices/${invoice.id}/pdf/`, { token: admin, raw: true });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(pdf.body);
    for (const part of [row.uuid!, 'MARIA LOPEZ MARTINEZ', 'Colegiatura noviembre', 'Uniforme deportivo', `$${Number(sale.total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`, 'Sello digital del SAT', 'Cadena original del complemento']) {
      expect(text).toContain(part);
    }
    // Ana downloads her own; another student reaches neither file.
    const own = await tokenFor('alumno');
    expect((await call('GET', `invoices/api/invoices/${invoice.id}/xml/`, { token: own, raw: true })).status).toBe(200);
    expect((await call('GET', `invoices/api/invoices/${invoice.id}/pdf/`, { token: own, raw: true })).status).toBe(200);
    const list = await call('GET', 'invoices/api/invoices/', { token: own });
    expect(list.status).toBe(200);
    expect(list.body.data.map((item: { id: number }) => item.id)).toContain(invoice.id);
    const someoneElse = await prisma.invoice.findFirstOrThrow({ where: { status: 'STAMPED', sale: { student_id: { not: ana.id } } }, select: { id: true } });
    expect([403, 404]).toContain((await call('GET', `invoices/api/invoices/${someoneElse.id}/xml/`, { token: own, raw: true })).status);
    expect([403, 404]).toContain((await call('GET', `invoices/api/invoices/${someoneElse.id}/pdf/`, { token: own, raw: true })).status);
    // Nor does she stamp or cancel anything.
    expect((await call('POST', `invoices/api/invoices/${invoice.id}/cancel/`, { token: own, body: { reason: '02' } })).status).toBe(403);
  });

  it('the demo’s stamped invoices carry real XML: valid, sealed by the school’s CSD, stamped', async () => {
    const rows = await prisma.invoice.findMany({ where: { status: 'STAMPED' }, orderBy: { id: 'asc' }, take: 3, select: { xml: true, uuid: true, total: true } });
    expect(rows.length).toBe(3);
    for (const row of rows) {
      expect(await validateXml(row.xml!, 'cfdi40')).toEqual({ valid: true, problems: [] });
      expect(attribute(row.xml!, 'TimbreFiscalDigital', 'UUID')).toBe(row.uuid);
      expect(attribute(row.xml!, 'Comprobante', 'Total')).toBe(row.total.toFixed(2));
      expect(verifySeal(attribute(row.xml!, 'Comprobante', 'Certificado'), satCadena(unstamped(row.xml!)), attribute(row.xml!, 'Comprobante', 'Sello'))).toBe(true);
    }
  });
});

describe("the school's CSD in Settings", () => {
  const upload = (parts: { cer?: Buffer; key?: Buffer; password?: string }) => {
    const form = new FormData();
    if (parts.cer) form.append('csd_certificate', new Blob([new Uint8Array(parts.cer)]), 'csd.cer');
    if (parts.key) form.append('csd_key', new Blob([new Uint8Array(parts.key)]), 'csd.key');
    if (parts.password !== undefined) form.append('csd_password', parts.password);
    return call('GET', 'manage/api/settings/', { token: admin }).then((list) => call('PATCH', `manage/api/settings/${list.body.data[0].id}/`, { token: admin, form }));
  };

  it('opens the three parts together, stores the key encrypted and shows the certificate’s number and validity', async () => {
    const demo = demoCredential('school-csd');
    const stored = await prisma.setting.findFirstOrThrow({ select: { csd_key: true, csd_number: true } });
    const wrong = await upload({ cer: demo.cer, key: demo.key, password: 'otra' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.csd_password).toEqual(['La llave no se abre con esa contraseña.']);
    const mismatch = await upload({ cer: demo.cer, key: demoCredential('signer-1').key, password: demo.password });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.csd_key).toEqual(['La llave no corresponde al certificado.']);
    expect((await prisma.setting.findFirstOrThrow({ select: { csd_key: true } })).csd_key).toBe(stored.csd_key);
    const good = await upload({ cer: demo.cer, key: demo.key, password: demo.password });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toMatchObject({ csd_number: stored.csd_number, csd_valid_from: '2026-01-01', csd_valid_to: '2030-12-31', csd_key_set: true, csd_password_set: true });
    expect(good.body.csd_key).toBeUndefined();
    expect(good.body.csd_password).toBeUndefined();
    const after = await prisma.setting.findFirstOrThrow({ select: { csd_key: true, csd_password: true } });
    expect(after.csd_key).toMatch(/^enc:v1:/);
    expect(after.csd_password).toMatch(/^enc:v1:/);
  });
});
