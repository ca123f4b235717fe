// CFDI 4.0 as Plantel builds it: amounts computed from the concepts (never typed), the XML valid
// against SAT's schemas (CFDI + IEDU + TFD), the cadena original equal to what SAT's own XSLT writes
// for the same XML, and the seal verifying with the certificate's public key.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCfdiDocument, type InvoiceFacts, PUBLIC_RFC } from '@/lib/cfdi/build';
import { cadenaOriginal, stampCadena } from '@/lib/cfdi/document';
import { conceptAmounts, type ConceptInput, InvoiceAmountError, invoiceTotals } from '@/lib/cfdi/totals';
import { cfdiXml } from '@/lib/cfdi/xml';
import { openCredential, verifySeal } from '@/server/esign/credential';
import { standardsPath, validateXml } from '@/server/esign/xsd';
import { prepareSatStylesheets, satCadena } from '../fixtures/sat-xslt';

// SAT's XSLT is compiled once per clone, before the tests that read it.
beforeAll(() => prepareSatStylesheets(), 120_000);

const csd = openCredential(readFileSync(standardsPath('sat-test-csd', 'EKU9003173C9.cer')), readFileSync(standardsPath('sat-test-csd', 'EKU9003173C9.key')), '12345678a');
const IVA16 = { tax: '002', factor_type: 'Tasa', rate: '0.16', is_retention: false } as const;
const EXEMPT = { tax: '002', factor_type: 'Exento', rate: null, is_retention: false } as const;

describe('a concept’s amounts', () => {
  it.each<[string, ConceptInput, { amount: string; discount: string; taxes: [string, string | null][] }]>([
    ['exempt tuition', { qty: '1', unit_value: '3500.00', object_imp: '02', taxes: [EXEMPT] }, { amount: '3500.00', discount: '0.00', taxes: [['3500.00', null]] }],
    ['IVA over the discounted base', { qty: '2', unit_value: '150.00', discount: '50.00', object_imp: '02', taxes: [IVA16] }, { amount: '300.00', discount: '50.00', taxes: [['250.00', '40.00']] }],
    ['half-cent rounds up', { qty: '1', unit_value: '0.03', object_imp: '02', taxes: [IVA16] }, { amount: '0.03', discount: '0.00', taxes: [['0.03', '0.00']] }],
    ['fractional quantity', { qty: '1.5', unit_value: '99.99', object_imp: '02', taxes: [IVA16] }, { amount: '149.99', discount: '0.00', taxes: [['149.99', '24.00']] }],
    [
      'withholdings of a professional fee',
      { qty: '1', unit_value: '10000.00', object_imp: '02', taxes: [IVA16, { tax: '001', factor_type: 'Tasa', rate: '0.10', is_retention: true }, { tax: '002', factor_type: 'Tasa', rate: '0.106667', is_retention: true }] },
      { amount: '10000.00', discount: '0.00', taxes: [['10000.00', '1600.00'], ['10000.00', '1000.00'], ['10000.00', '1066.67']] },
    ],
    ['no object of tax', { qty: '3', unit_value: '10.00', object_imp: '01', taxes: [] }, { amount: '30.00', discount: '0.00', taxes: [] }],
    ['a tax amount within SAT’s rounding limits', { qty: '1', unit_value: '610.28', object_imp: '02', taxes: [{ ...IVA16, amount: '97.65' }] }, { amount: '610.28', discount: '0.00', taxes: [['610.28', '97.65']] }],
  ])('%s', (_name, concept, expected) => {
    const amounts = conceptAmounts(concept);
    expect({ amount: amounts.amount, discount: amounts.discount, taxes: amounts.taxes.map((tax) => [tax.base, tax.amount]) }).toEqual(expected);
  });

  it.each<[string, ConceptInput, string, string]>([
    ['a discount above the amount', { qty: '1', unit_value: '100.00', discount: '100.01', object_imp: '02', taxes: [EXEMPT] }, 'concepts.0.discount', 'discount_above_amount'],
    ['taxes on a concept not object of tax', { qty: '1', unit_value: '100.00', object_imp: '01', taxes: [IVA16] }, 'concepts.0.object_imp', 'taxes_not_allowed'],
    ['an object of tax without its taxes', { qty: '1', unit_value: '100.00', object_imp: '02', taxes: [] }, 'concepts.0.object_imp', 'taxes_required'],
    ['a Tasa without its rate', { qty: '1', unit_value: '100.00', object_imp: '02', taxes: [{ ...IVA16, rate: null }] }, 'concepts.0.taxes.0.rate', 'rate_required'],
    ['a tax amount beyond SAT’s limits', { qty: '1', unit_value: '610.28', object_imp: '02', taxes: [{ ...IVA16, amount: '97.70' }] }, 'concepts.0.taxes.0.amount', 'tax_out_of_limits'],
    ['no quantity', { qty: '0', unit_value: '100.00', object_imp: '01', taxes: [] }, 'concepts.0.qty', 'invalid'],
  ])('refuses %s', (_name, concept, field, reason) => {
    expect(() => conceptAmounts(concept)).toThrow(expect.objectContaining({ field, reason }));
    expect(() => conceptAmounts(concept)).toThrow(InvoiceAmountError);
  });
});

describe('an invoice’s totals', () => {
  it('add the concepts, group the taxes by tax, factor and rate, and subtract withholdings', () => {
    const totals = invoiceTotals([
      { qty: '1', unit_value: '3500.00', object_imp: '02', taxes: [EXEMPT] },
      { qty: '2', unit_value: '150.00', discount: '50.00', object_imp: '02', taxes: [IVA16] },
      { qty: '1', unit_value: '100.00', object_imp: '02', taxes: [IVA16, { tax: '001', factor_type: 'Tasa', rate: '0.10', is_retention: true }] },
    ]);
    expect(totals).toMatchObject({ subtotal: '3900.00', descuento: '50.00', isp_transfer: '56.00', isp_retention: '10.00', total: '3896.00' });
    expect(totals.transfers).toEqual([
      { tax: '002', factor_type: 'Exento', rate: null, base: '3500.00', amount: null },
      { tax: '002', factor_type: 'Tasa', rate: '0.160000', base: '350.00', amount: '56.00' },
    ]);
    expect(totals.retentions).toEqual([{ tax: '001', amount: '10.00' }]);
  });
});

const ISSUER = { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regime: '601' };
const RECEIVER = { rfc: 'XOJI740919U48', name: 'INGRID XODAR JIMENEZ', postal_code: '88965', regime: '605', cfdi_use: 'D10' };
const base = { serie: 'COL', fecha: '2024-09-02T10:00:00', payment_form: '03', payment_method: 'PUE', type_voucher: 'I', expedition_place: '42501', issuer: ISSUER, receiver: RECEIVER };
const tuition = { prod_serv: '86121500', unit: 'E48', unit_name: 'Servicio', qty: '1', unit_value: '2500.00', object_imp: '01', taxes: [] } as const;

/** Fixtures of what a school issues: the standards' own examples, and the other kinds of invoice. */
const FIXTURES: [string, InvoiceFacts][] = [
  ['the standards’ minimal example', { ...base, folio: '1', concepts: [{ ...tuition, no_identification: 'COL-2024-09', description: 'Colegiatura septiembre 2024' }] }],
  [
    'the standards’ IEDU example',
    {
      ...base,
      folio: '1',
      concepts: [
        {
          ...tuition,
          no_identification: 'COL-2024-09',
          description: 'Colegiatura septiembre 2024',
          iedu: { nombreAlumno: 'ALUMNO DE PRUEBA FICTICIO', CURP: 'XEXX010101HNEXXXA4', nivelEducativo: 'Primaria', autRVOE: 'RVOE-PRUEBA-0001', rfcPago: 'XOJI740919U48' },
        },
      ],
    },
  ],
  [
    'exempt tuition with a discount and a taxed uniform',
    {
      ...base,
      folio: '2',
      conditions: 'Contado',
      concepts: [
        { prod_serv: '86121700', unit: 'E48', unit_name: 'Servicio', qty: '1', unit_value: '4200.00', discount: '420.00', object_imp: '02', taxes: [EXEMPT], description: 'Colegiatura noviembre 2026  (beca 10 %)' },
        { prod_serv: '53102700', unit: 'H87', unit_name: 'Pieza', qty: '2', unit_value: '350.00', object_imp: '02', taxes: [IVA16], description: 'Uniforme deportivo talla M — Ñandú' },
      ],
    },
  ],
  [
    'a sale to the public in general, withheld ISR, related to a cancelled invoice',
    {
      ...base,
      folio: '3',
      receiver: { rfc: PUBLIC_RFC, name: 'PUBLICO EN GENERAL', postal_code: '', regime: '616', cfdi_use: 'S01' },
      related: { type_relation: '04', uuids: ['6F3E3D6A-2B1C-4D5E-8F90-A1B2C3D4E5F6'] },
      concepts: [{ prod_serv: '86132000', unit: 'E48', qty: '1.5', unit_value: '800.00', object_imp: '02', taxes: [IVA16, { tax: '001', factor_type: 'Tasa', rate: '0.10', is_retention: true }], description: 'Curso de verano' }],
    },
  ],
];

describe('the CFDI of an invoice', () => {
  it('reproduces the standards’ example: its cadena and, with SAT’s test CSD, its own seal', () => {
    const xml = readFileSync(standardsPath('cfdi40', 'example-minimal.xml'), 'utf8');
    const doc = buildCfdiDocument(FIXTURES[0][1], csd.certificate);
    const cadena = cadenaOriginal(doc);
    expect(cadena).toBe(satCadena(xml));
    expect(csd.sign(cadena)).toBe(/ Sello="([^"]+)"/.exec(xml)![1]);
    const iedu = readFileSync(standardsPath('cfdi40', 'example-iedu.xml'), 'utf8');
    expect(csd.sign(cadenaOriginal(buildCfdiDocument(FIXTURES[1][1], csd.certificate)))).toBe(/ Sello="([^"]+)"/.exec(iedu)![1]);
  });

  it.each(FIXTURES)('%s: valid XML, the cadena of SAT’s XSLT, a seal that verifies', async (_name, facts) => {
    const doc = buildCfdiDocument(facts, csd.certificate);
    const cadena = cadenaOriginal(doc);
    const seal = csd.sign(cadena);
    const xml = cfdiXml(doc, seal);
    expect(await validateXml(xml, 'cfdi40')).toEqual({ valid: true, problems: [] });
    expect(satCadena(xml)).toBe(cadena);
    expect(verifySeal(doc.Certificado, cadena, seal)).toBe(true);
    // The same check refuses the document once a required attribute is gone.
    const broken = await validateXml(xml.replace(/ LugarExpedicion="\d+"/, ''), 'cfdi40');
    expect(broken.valid).toBe(false);
    expect(broken.problems[0].message).toContain('LugarExpedicion');
  });

  it('a stamped CFDI validates with its TimbreFiscalDigital, whose cadena is SAT’s', async () => {
    const doc = buildCfdiDocument(FIXTURES[2][1], csd.certificate);
    const seal = csd.sign(cadenaOriginal(doc));
    const stamp = { UUID: '5F9B1C1E-3A6D-4B7E-9C0F-1D2E3F4A5B6C', FechaTimbrado: '2026-11-26T10:00:05', RfcProvCertif: 'SPR190613I52', SelloCFD: seal, NoCertificadoSAT: '30001000000500003456' };
    const stamped = cfdiXml(doc, seal, { ...stamp, SelloSAT: csd.sign(stampCadena(stamp)) });
    expect(await validateXml(stamped, 'cfdi40')).toEqual({ valid: true, problems: [] });
    // The stamp as a document of its own, as SAT's TFD stylesheet reads it.
    const tfd = /<tfd:TimbreFiscalDigital[^>]*\/>/
      .exec(stamped)![0]
      .replace(/ xsi:schemaLocation="[^"]*"/, '')
      .replace(/ xmlns:(tfd|xsi)="[^"]*"/g, '')
      .replace('<tfd:TimbreFiscalDigital', '<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital"');
    expect(satCadena(tfd, 'cadenaoriginal_TFD_1_1.xslt')).toBe(stampCadena(stamp));
  });
});
