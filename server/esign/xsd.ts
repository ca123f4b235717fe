// Validation of the XML Plantel builds against the official schemas kept in server/standards:
// SAT's CFDI 4.0 (with the IEDU complement and the PAC's TimbreFiscalDigital) and SEP's
// TituloElectronico 1.0 and its certificate of studies (Dec 3.0). libxml2 itself does the checking (xmllint-wasm, run in one long-lived
// worker thread with the WebAssembly compiled once); the schemas are read once per process.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export type SchemaName = 'cfdi40' | 'titulo' | 'certificado';
export type XsdProblem = { line: number | null; message: string };
export type XsdResult = { valid: boolean; problems: XsdProblem[] };

/** Where the official files live (copied as published; see server/standards/README.md). */
export function standardsPath(...parts: string[]): string {
  return path.join(process.cwd(), 'server', 'standards', ...parts);
}

const SCHEMAS: Record<SchemaName, { folder: string; root: string; preload: string[] }> = {
  // cfdv40.xsd's Complemento is a strict wildcard: the wrapper imports the complements it may hold.
  cfdi40: { folder: 'cfdi40', root: 'cfdv40-with-complements.xsd', preload: ['cfdv40.xsd', 'iedu.xsd', 'TimbreFiscalDigitalv11.xsd', 'tdCFDI.xsd', 'catCFDI.xsd'] },
  titulo: { folder: 'sep-titulo', root: 'TituloElectronico.xsd', preload: [] },
  // Written for Plantel from the standard (SEP publishes none that could be found): see its header.
  certificado: { folder: 'sep-certificado', root: 'CertificadoElectronico.xsd', preload: [] },
};

type File = { fileName: string; contents: string };
const loaded = new Map<SchemaName, { root: File; preload: File[] }>();

function schemaFiles(name: SchemaName) {
  let files = loaded.get(name);
  if (!files) {
    const { folder, root, preload } = SCHEMAS[name];
    const read = (fileName: string): File => ({ fileName, contents: readFileSync(standardsPath(folder, fileName), 'utf8') });
    files = { root: read(root), preload: preload.map(read) };
    loaded.set(name, files);
  }
  return files;
}

type Pending = { resolve: (answer: { exitCode: number; stderr: string }) => void; reject: (error: Error) => void };
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(path.join(process.cwd(), 'server', 'esign', 'xmllint-worker.cjs'));
  started.on('message', (message: { plantel?: boolean; id: number; exitCode: number; stderr: string }) => {
    if (!message?.plantel) return;
    pending.get(message.id)?.resolve(message);
    pending.delete(message.id);
    if (pending.size === 0) started.unref();
  });
  const fail = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    worker = null;
  };
  started.on('error', fail);
  started.on('exit', () => fail(new Error('The XML validator stopped')));
  worker = started;
  return started;
}

function run(inputFiles: File[], args: string[]): Promise<{ exitCode: number; stderr: string }> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Referenced while it has work; an idle validator must not keep a script (or a test run) alive.
    theWorker().ref();
    theWorker().postMessage({ plantel: true, id, inputFiles, args });
  });
}

/** Lines of xmllint's report: "doc.xml:12: element X: Schemas validity error : Element '…': …". */
export function xmllintProblems(stderr: string, fileName: string): XsdProblem[] {
  const problems: XsdProblem[] = [];
  for (const line of stderr.split('\n')) {
    // Other lines echo the offending source and a caret under it.
    const match = new RegExp(`^${fileName.replace(/\./g, '\\.')}:(\\d+): (?:.*?(?:validity|parser) error : )?(.*)$`).exec(line.trim());
    if (match) problems.push({ line: Number(match[1]), message: match[2] });
  }
  return problems.length ? problems : [{ line: null, message: stderr.trim() }];
}

/** Validates one document against an official schema. */
export async function validateXml(xml: string, schema: SchemaName): Promise<XsdResult> {
  const files = schemaFiles(schema);
  const document = { fileName: 'document.xml', contents: xml };
  const { exitCode, stderr } = await run([document, files.root, ...files.preload], ['--schema', files.root.fileName, '--noout', document.fileName]);
  if (exitCode !== 0 && exitCode !== 1 && exitCode !== 3 && exitCode !== 4) throw new Error(`xmllint failed (${exitCode}): ${stderr}`);
  return { valid: exitCode === 0, problems: exitCode === 0 ? [] : xmllintProblems(stderr, document.fileName) };
}
