// npx tsx scripts/bench-titles.ts [count]: the cost of SEP titles without the database — build,
// seal with the two demo signers (each title opens both e.firma again, as the sign action does),
// validate against SEP's schema, then stream them all as one zip (server/files/zip.ts) and read it
// to the end. Prints the time of each part and the total.
import { cadenaOriginal } from '../lib/titles/cadena';
import { type TitleRecord, tituloOf } from '../lib/titles/fields';
import { tituloXml } from '../lib/titles/xml';
import { sampleTitleRecord } from '../tests/factories/titles';
import { DEMO_SIGNER_FILES } from '../prisma/seed/credentials/signers';
import { demoCredential } from '../prisma/seed/credentials/demo';
import { openCredential } from '../server/esign/credential';
import { validateXml } from '../server/esign/xsd';
import { streamedZip } from '../server/files/zip';

const count = Number(process.argv[2] ?? 100);

function record(index: number): TitleRecord {
  return sampleTitleRecord({ folio_control: `BENCH${String(index).padStart(6, '0')}`, names: `Alumna ${index}`, email: `alumna${index}@example.com` });
}

const signers = [
  { nombre: 'RICARDO ALBERTO', primerApellido: 'VILLASEÑOR', segundoApellido: 'ÍÑIGUEZ', curp: 'VIIR620914HJCLXC07', idCargo: '3', cargo: 'RECTOR', abrTitulo: 'DR.' },
  { nombre: 'MÓNICA', primerApellido: 'COVARRUBIAS', segundoApellido: 'ACEVES', curp: 'COAM750203MJCVCN09', idCargo: '5', cargo: 'RESPONSABLE DE EXPEDICIÓN', abrTitulo: 'MTRA.' },
];

async function main() {
  const files = DEMO_SIGNER_FILES.map((file) => demoCredential(file));
  // Warm the schema validator once (its worker compiles libxml2 on first use).
  await validateXml('<x/>', 'titulo');
  const xmls: { name: string; xml: string }[] = [];
  const t0 = performance.now();
  let signMs = 0;
  let validateMs = 0;
  for (let index = 1; index <= count; index += 1) {
    const mapped = tituloOf(record(index));
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.problems));
    const s0 = performance.now();
    const firmas = files.map((file, at) => {
      const credential = openCredential(file.cer, file.key, file.password);
      const firmante = signers[at];
      return { ...firmante, sello: credential.sign(cadenaOriginal(mapped.value, firmante)), certificadoResponsable: credential.certificate.base64, noCertificadoResponsable: credential.certificate.number };
    });
    const xml = tituloXml(mapped.value, firmas);
    const v0 = performance.now();
    signMs += v0 - s0;
    const result = await validateXml(xml, 'titulo');
    validateMs += performance.now() - v0;
    if (!result.valid) throw new Error(JSON.stringify(result.problems));
    xmls.push({ name: `${mapped.value.folioControl}.xml`, xml });
  }
  const built = performance.now();
  const zip = streamedZip('titulos.zip', async (append) => {
    for (const file of xmls) await append(Buffer.from(file.xml, 'utf8'), file.name);
  });
  let bytes = 0;
  const reader = (zip.body as ReadableStream<Uint8Array>).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  const done = performance.now();
  console.log(`${count} titles: build + seal (2 signers) ${signMs.toFixed(0)} ms, XSD ${validateMs.toFixed(0)} ms, all ${(built - t0).toFixed(0)} ms (${((built - t0) / count).toFixed(1)} ms a title); zip of ${(bytes / 1024).toFixed(0)} KB streamed in ${(done - built).toFixed(0)} ms; total ${(done - t0).toFixed(0)} ms`);
  process.exit(0);
}

void main();
