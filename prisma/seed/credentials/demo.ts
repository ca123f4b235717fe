// The demo's fictitious SAT credentials, made by scripts/demo-credentials.ts: the school's CSD
// (school-csd.cer/.key) and one e.firma per active title signer (signer-N.cer/.key, in the order
// of TITLE_SIGNERS). All keys open with the same demo password. Valid 2026-2030; no PAC or SEP
// accepts them.
import fs from 'node:fs';
import path from 'node:path';

export const DEMO_CREDENTIAL_PASSWORD = 'plantel2026';

export const DEMO_SCHOOL = {
  name: 'UNIVERSIDAD PLANTEL',
  rfc: 'UPL990115G97',
  legal_representative_rfc: 'VIIR6209149P8',
  legal_representative_curp: 'VIIR620914HJCLXC07',
  certificate_number: '00001000000700000100',
};

export function demoCredential(file: string): { cer: Buffer; key: Buffer; password: string } {
  const folder = path.join(path.dirname(new URL(import.meta.url).pathname));
  return { cer: fs.readFileSync(path.join(folder, `${file}.cer`)), key: fs.readFileSync(path.join(folder, `${file}.key`)), password: DEMO_CREDENTIAL_PASSWORD };
}
