// SEP's electronic-title web service (MET, "Títulos Electrónicos", SOAP 1.1, namespace
// http://ws.web.mec.sep.mx/schemas): cargaTituloElectronico uploads a file and answers a batch number
// (numeroLote); consultaProcesoTituloElectronico says how the batch stands; descargaTituloElectronico
// answers the batch's result as a zip (titulosBase64) of a spreadsheet, one row per file: file name,
// status, message, folioControl; cancelaTituloElectronico cancels a registered title by its
// folioControl with a reason (motCancelacion). Every call carries autenticacion {usuario, password}.
//
// The adapter speaks that protocol through a transport (HTTP POST by default). SEP_TITLES_URL=fake
// swaps the transport for an in-process fake of the same protocol (fakeSep below): the tests and an
// offline demo run the whole round trip with it; QA (metqa) is the configured default.
import { inflateRawSync } from 'node:zlib';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { ZipArchive } from 'archiver';
import { create } from 'xmlbuilder2';
import { cadenaOriginal } from '@/lib/titles/cadena';
import { readTituloXml } from '@/lib/titles/xml';
import { verifySeal } from '@/server/esign/credential';
import { validateXml } from '@/server/esign/xsd';
import { env } from '@/server/env';

const NS = 'http://ws.web.mec.sep.mx/schemas';
export const SEP_QA_URL = 'https://metqa.siged.sep.gob.mx/met-ws/services/';

export type SepResult = { file: string; folio: string; accepted: boolean; message: string };

/** SEP's service as Plantel uses it. */
export type SepTitles = {
  upload(fileName: string, content: Buffer): Promise<{ batch: string; message: string }>;
  status(batch: string): Promise<{ message: string }>;
  /** The batch's results; empty while SEP still processes it. */
  download(batch: string): Promise<{ results: SepResult[]; message: string }>;
  cancel(folio: string, reason: string): Promise<{ message: string }>;
};

/** Why SEP could not be reached or refused the call (answered as 502 with SEP's words). */
export class SepError extends Error {}

/** Sends one SOAP request body (the operation's element) and answers the response envelope. */
export type SepTransport = (operation: string, envelope: string) => Promise<string>;

function envelope(operation: string, fields: Record<string, string>, user: string, password: string): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele('http://schemas.xmlsoap.org/soap/envelope/', 'soapenv:Envelope', { 'xmlns:sch': NS });
  doc.ele('soapenv:Header');
  const request = doc.ele('soapenv:Body').ele(NS, `sch:${operation}Request`);
  for (const [name, value] of Object.entries(fields)) request.ele(NS, `sch:${name}`).txt(value);
  const auth = request.ele(NS, 'sch:autenticacion');
  auth.ele(NS, 'sch:usuario').txt(user);
  auth.ele(NS, 'sch:password').txt(password);
  return doc.end();
}

/** The text of each leaf element of a SOAP message, by local name (namespace prefixes vary). */
export function soapValues(xml: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const match of xml.matchAll(/<(?:[\w-]+:)?(\w+)(?:\s[^>]*)?>([^<]*)<\/(?:[\w-]+:)?\1>/g)) values[match[1]] = decodeEntities(match[2]);
  return values;
}

function decodeEntities(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

function httpTransport(url: string): SepTransport {
  return async (operation, body) => {
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `""` }, body, signal: AbortSignal.timeout(60_000) });
    } catch (error) {
      throw new SepError(`${operation}: ${error instanceof Error ? error.message : 'sin respuesta'}`);
    }
    const text = await response.text();
    if (!response.ok) throw new SepError(soapValues(text).faultstring || `${operation}: HTTP ${response.status}`);
    return text;
  };
}

/** SEP's service through a transport, with the institution's user and password. */
export function sepService(transport: SepTransport, user: string, password: string): SepTitles {
  const call = async (operation: string, fields: Record<string, string>) => {
    const values = soapValues(await transport(operation, envelope(operation, fields, user, password)));
    if (values.faultstring) throw new SepError(values.faultstring);
    return values;
  };
  return {
    async upload(fileName, content) {
      const values = await call('cargaTituloElectronico', { nombreArchivo: fileName, archivoBase64: content.toString('base64') });
      if (!values.numeroLote) throw new SepError(values.mensaje || 'SEP no asignó número de lote');
      return { batch: values.numeroLote, message: values.mensaje ?? '' };
    },
    async status(batch) {
      const values = await call('consultaProcesoTituloElectronico', { numeroLote: batch });
      return { message: values.mensaje ?? values.estatusLote ?? '' };
    },
    async download(batch) {
      const values = await call('descargaTituloElectronico', { numeroLote: batch });
      const results = values.titulosBase64 ? await readResults(Buffer.from(values.titulosBase64, 'base64')) : [];
      return { results, message: values.mensaje ?? '' };
    },
    async cancel(folio, reason) {
      const values = await call('cancelaTituloElectronico', { folioControl: folio, motCancelacion: reason });
      // SEP answers a code with its message; we read 0 (or no code) as done and anything else as refused.
      if (values.codigo && values.codigo !== '0') throw new SepError(values.mensaje || `código ${values.codigo}`);
      return { message: values.mensaje ?? '' };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The result file: a zip holding a spreadsheet. Only stored (0) and deflated (8) entries exist in
// what SEP and the fake produce; read here without a library (none at run time reads zips).

export function unzip(bytes: Buffer): { name: string; content: Buffer }[] {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new SepError('El resultado de la SEP no es un zip');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: { name: string; content: Buffer }[] = [];
  for (let index = 0; index < count; index += 1) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const raw = bytes.subarray(start, start + size);
    entries.push({ name, content: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extra;
  }
  return entries;
}

/** SEP's status column says "1"/"EXITOSO"/"CORRECTO" for a registered title; anything else is a rejection. */
const ACCEPTED = /^(1|EXITO|EXITOSO|CORRECTO|ACEPTADO|REGISTRADO)/i;

async function readResults(zip: Buffer): Promise<SepResult[]> {
  const results: SepResult[] = [];
  for (const entry of unzip(zip)) {
    if (!/\.xlsx$/i.test(entry.name)) continue;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(entry.content as unknown as ArrayBuffer);
    book.worksheets[0]?.eachRow((row, index) => {
      if (index === 1) return;
      const cell = (column: number) => String(row.getCell(column).text ?? '').trim();
      results.push({ file: cell(1), accepted: ACCEPTED.test(cell(2)), message: cell(3), folio: cell(4) });
    });
  }
  return results;
}

async function zipOf(name: string, content: Buffer): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => {
    sink.on('end', resolve);
    archive.on('error', reject);
  });
  archive.pipe(sink);
  archive.append(content, { name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------
// The fake: SEP's protocol in process. It checks what SEP checks first (the schema, and each
// signer's seal over their own cadena with the certificate in the XML) and answers a result file
// like SEP's; a test may make it refuse a folio with a message, or keep a batch in process.

type FakeBatch = { file: string; results: SepResult[]; pendingPolls: number; processed: boolean };

export class FakeSep {
  private batches = new Map<string, FakeBatch>();
  private refusals = new Map<string, string>();
  private cancelled = new Set<string>();
  private next = 7_000_000;
  /** Status polls a new batch stays "in process" for. */
  pendingPolls = 0;
  /** SEP does not answer at all (a test of what the user sees then). */
  unavailable = false;
  readonly users = { user: 'plantel-qa', password: 'plantel-qa' };

  /** SEP will reject this folio with the message. */
  reject(folio: string, message: string) {
    this.refusals.set(folio, message);
  }

  private async judge(file: string, content: Buffer): Promise<SepResult> {
    const xml = content.toString('utf8');
    let folio = '';
    try {
      const { titulo, firmas } = readTituloXml(xml);
      folio = titulo.folioControl;
      const refusal = this.refusals.get(folio);
      if (refusal) return { file, folio, accepted: false, message: refusal };
      const schema = await validateXml(xml, 'titulo');
      if (!schema.valid) return { file, folio, accepted: false, message: `XML inválido: ${schema.problems[0]?.message ?? ''}` };
      for (const firma of firmas) {
        if (!verifySeal(firma.certificadoResponsable, cadenaOriginal(titulo, firma), firma.sello)) return { file, folio, accepted: false, message: `El sello del responsable ${firma.curp} no corresponde` };
      }
      return { file, folio, accepted: true, message: 'Título electrónico registrado' };
    } catch {
      return { file, folio, accepted: false, message: 'El archivo no es un título electrónico' };
    }
  }

  /** Answers one SOAP request as SEP's service would. */
  readonly transport: SepTransport = async (operation, request) => {
    if (this.unavailable) throw new SepError(`${operation}: sin respuesta del servidor`);
    const values = soapValues(request);
    if (values.usuario !== this.users.user || values.password !== this.users.password) return fault('Usuario o contraseña incorrectos');
    if (operation === 'cargaTituloElectronico') {
      const batch = String((this.next += 1));
      const result = await this.judge(values.nombreArchivo ?? '', Buffer.from(values.archivoBase64 ?? '', 'base64'));
      this.batches.set(batch, { file: values.nombreArchivo ?? '', results: [result], pendingPolls: this.pendingPolls, processed: false });
      return answer('cargaTituloElectronico', { numeroLote: batch, mensaje: 'Carga de archivo exitosa' });
    }
    if (operation === 'cancelaTituloElectronico') {
      const registered = [...this.batches.values()].some((batch) => batch.processed && batch.results.some((result) => result.accepted && result.folio === values.folioControl));
      if (!registered || this.cancelled.has(values.folioControl ?? '')) return answer(operation, { codigo: '1', mensaje: 'El folio no corresponde a un título registrado' });
      this.cancelled.add(values.folioControl!);
      return answer(operation, { codigo: '0', mensaje: 'Título cancelado' });
    }
    const batch = this.batches.get(values.numeroLote ?? '');
    if (!batch) return fault('Número de lote inexistente');
    if (operation === 'consultaProcesoTituloElectronico') {
      if (batch.pendingPolls > 0) {
        batch.pendingPolls -= 1;
        return answer(operation, { numeroLote: values.numeroLote!, estatusLote: '0', mensaje: 'Lote en proceso' });
      }
      batch.processed = true;
      return answer(operation, { numeroLote: values.numeroLote!, estatusLote: '1', mensaje: 'Lote procesado' });
    }
    if (operation === 'descargaTituloElectronico') {
      if (!batch.processed) return answer(operation, { numeroLote: values.numeroLote!, mensaje: 'Lote en proceso' });
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Resultado');
      sheet.addRow(['NOMBRE DEL ARCHIVO', 'ESTATUS', 'DESCRIPCION', 'FOLIO CONTROL']);
      for (const result of batch.results) sheet.addRow([result.file, result.accepted ? '1' : '2', result.message, result.folio]);
      const xlsx = Buffer.from(await book.xlsx.writeBuffer());
      const zip = await zipOf(`${values.numeroLote}.xlsx`, xlsx);
      return answer(operation, { numeroLote: values.numeroLote!, titulosBase64: zip.toString('base64'), mensaje: 'Descarga exitosa' });
    }
    return fault(`Operación desconocida ${operation}`);
  };
}

function answer(operation: string, fields: Record<string, string>): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele('http://schemas.xmlsoap.org/soap/envelope/', 'SOAP-ENV:Envelope');
  const body = doc.ele('SOAP-ENV:Body').ele(NS, `ns2:${operation}Response`);
  for (const [name, value] of Object.entries(fields)) body.ele(NS, `ns2:${name}`).txt(value);
  return doc.end();
}

function fault(message: string): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele('http://schemas.xmlsoap.org/soap/envelope/', 'SOAP-ENV:Envelope');
  const body = doc.ele('SOAP-ENV:Body').ele('http://schemas.xmlsoap.org/soap/envelope/', 'SOAP-ENV:Fault');
  body.ele('faultcode').txt('SOAP-ENV:Server');
  body.ele('faultstring').txt(message);
  return doc.end();
}

let fake: FakeSep | null = null;

/** The process's fake SEP (SEP_TITLES_URL=fake): tests reach it to script SEP's answers. */
export function fakeSep(): FakeSep {
  fake ??= new FakeSep();
  return fake;
}

/** SEP's service as configured: the fake, or the SOAP endpoint (QA unless said) with its credentials. */
export function configuredSep(): SepTitles {
  const url = env.SEP_TITLES_URL || SEP_QA_URL;
  if (url === 'fake') {
    const instance = fakeSep();
    return sepService(instance.transport, instance.users.user, instance.users.password);
  }
  if (!env.SEP_TITLES_USER || !env.SEP_TITLES_PASSWORD) throw new SepError('Faltan el usuario y la contraseña del servicio de títulos de la SEP (SEP_TITLES_USER, SEP_TITLES_PASSWORD)');
  return sepService(httpTransport(url), env.SEP_TITLES_USER, env.SEP_TITLES_PASSWORD);
}
