// npm run bench (BENCH_ONLY=documents alone): how long Plantel takes to build, seal and validate
// one CFDI 4.0 invoice — the invoice's document from its concepts, the cadena original, the seal
// with the demo school's CSD, the XML, and its check against SAT's schemas — after warm-up.
// In-process and without a database: what a stamp request spends before it calls the PAC.
import { buildCfdiDocument, type InvoiceFacts } from '../lib/cfdi/build';
import { cadenaOriginal } from '../lib/cfdi/document';
import { mexicoTime } from '../lib/cfdi/time';
import { cfdiXml } from '../lib/cfdi/xml';
import { demoCredential } from '../prisma/seed/credentials/demo';
import { openCredential } from '../server/esign/credential';
import { validateXml } from '../server/esign/xsd';

const EXEMPT = { tax: '002', factor_type: 'Exento', rate: null, is_retention: false } as const;
const IVA = { tax: '002', factor_type: 'Tasa', rate: '0.16', is_retention: false } as const;

/** A typical school invoice: a month of tuition with its IEDU complement, its scholarship, and two taxed items. */
function invoice(folio: number): InvoiceFacts {
  return {
    serie: 'A',
    folio: String(folio),
    fecha: mexicoTime(new Date()),
    payment_form: '03',
    payment_method: 'PUE',
    type_voucher: 'I',
    expedition_place: '44100',
    issuer: { rfc: 'UPL990115G97', name: 'UNIVERSIDAD PLANTEL', regime: '603' },
    receiver: { rfc: 'ROGA800101AB1', name: 'ANGELICA RODRIGUEZ GARCIA', postal_code: '44600', regime: '605', cfdi_use: 'D10' },
    concepts: [
      {
        prod_serv: '86121600', unit: 'E48', unit_name: 'Servicio', qty: '1', unit_value: '4200.00', discount: '420.00', object_imp: '02', taxes: [EXEMPT], description: `Colegiatura noviembre 2026 (folio ${folio})`,
        iedu: { nombreAlumno: 'LUIS RODRIGUEZ GARCIA', CURP: 'ROGL080512HJCDRS09', nivelEducativo: 'Bachillerato o su equivalente', autRVOE: 'ES-14-2019-0312', rfcPago: 'ROGA800101AB1' },
      },
      { prod_serv: '01010101', unit: 'H87', unit_name: 'Pieza', qty: '2', unit_value: '300.00', object_imp: '02', taxes: [IVA], description: 'Uniforme deportivo' },
      { prod_serv: '01010101', unit: 'H87', unit_name: 'Pieza', qty: '1', unit_value: '185.34', object_imp: '02', taxes: [IVA], description: 'Credencial' },
    ],
  };
}

const files = demoCredential('school-csd');
const csd = openCredential(files.cer, files.key, files.password);

async function one(folio: number): Promise<number> {
  const started = performance.now();
  const doc = buildCfdiDocument(invoice(folio), csd.certificate);
  const xml = cfdiXml(doc, csd.sign(cadenaOriginal(doc)));
  const checked = await validateXml(xml, 'cfdi40');
  if (!checked.valid) throw new Error(checked.problems.map((problem) => problem.message).join('; '));
  return performance.now() - started;
}

const first = await one(0);
for (let i = 1; i <= 20; i += 1) await one(i);
const times: number[] = [];
for (let i = 0; i < 300; i += 1) times.push(await one(100 + i));
times.sort((a, b) => a - b);
const mean = times.reduce((sum, value) => sum + value, 0) / times.length;
console.log(`one invoice built, sealed and validated: first ${first.toFixed(0)} ms; after warm-up mean ${mean.toFixed(1)} ms, p50 ${times[150].toFixed(1)} ms, p95 ${times[284].toFixed(1)} ms, max ${times[299].toFixed(1)} ms (300 invoices, target ≤ 100 ms)`);
