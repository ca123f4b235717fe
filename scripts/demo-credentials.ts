// Writes the demo's fictitious SAT credentials (prisma/seed/credentials/): an e.firma for each
// active title signer of the demo and a CSD for the demo school, issued by a made-up authority
// ("AC PLANTEL DEMO") the way SAT issues its own: a 20-digit serial written as ASCII digits, the
// holder's RFC in x500UniqueIdentifier and CURP in serialNumber, the key as DER PKCS#8 encrypted
// with a password. They let the demo (and the tests) seal invoices and titles with valid dates;
// no PAC or SEP accepts them. Run again only to renew them: npx tsx scripts/demo-credentials.ts
import 'reflect-metadata';
import { createPrivateKey, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { buildCurp, buildRfc } from '../lib/mx';
import { DEMO_CREDENTIAL_PASSWORD, DEMO_SCHOOL } from '../prisma/seed/credentials/demo';
import { TITLE_SIGNERS } from '../prisma/seed/generator/steps/teachers';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const OUT = path.join(process.cwd(), 'prisma', 'seed', 'credentials');
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;
const notBefore = new Date('2026-01-01T00:00:00Z');
const notAfter = new Date('2030-12-31T23:59:59Z');
const serialOf = (digits: string) => Buffer.from(digits, 'latin1').toString('hex');

async function main() {
  const caKeys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialOf('00001000000700000001'),
    name: 'CN=AC PLANTEL DEMO, O=PLANTEL DATOS FICTICIOS, C=MX',
    notBefore: new Date('2025-01-01T00:00:00Z'),
    notAfter: new Date('2035-01-01T00:00:00Z'),
    keys: caKeys,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const issue = async (file: string, serial: string, subject: x509.JsonName) => {
    const keys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
    const certificate = await x509.X509CertificateGenerator.create({
      serialNumber: serialOf(serial),
      subject,
      issuer: ca.subject,
      notBefore,
      notAfter,
      publicKey: keys.publicKey,
      signingKey: caKeys.privateKey,
      extensions: [new x509.BasicConstraintsExtension(false, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true)],
    });
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
    const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ type: 'pkcs8', format: 'der', cipher: 'aes-256-cbc', passphrase: DEMO_CREDENTIAL_PASSWORD });
    fs.writeFileSync(path.join(OUT, `${file}.cer`), Buffer.from(certificate.rawData));
    fs.writeFileSync(path.join(OUT, `${file}.key`), key);
    console.log(`${file}: ${serial} ${subject.map((part) => Object.values(part).flat().join(' ')).join(', ')}`);
  };
  const text = (value: string) => [value];
  await issue('school-csd', DEMO_SCHOOL.certificate_number, [
    { '2.5.4.3': text(DEMO_SCHOOL.name) },
    { '2.5.4.10': text(DEMO_SCHOOL.name) },
    { '2.5.4.45': text(`${DEMO_SCHOOL.rfc} / ${DEMO_SCHOOL.legal_representative_rfc}`) },
    { '2.5.4.5': text(` / ${DEMO_SCHOOL.legal_representative_curp}`) },
    { '2.5.4.11': text('Sucursal Centro') },
  ]);
  let n = 0;
  for (const signer of TITLE_SIGNERS.filter((item) => item.active)) {
    n += 1;
    const person = { names: signer.names, firstSurname: signer.first, secondSurname: signer.second, birthday: signer.born };
    const curp = buildCurp({ ...person, sex: signer.sex, state: signer.state });
    const rfc = buildRfc(person);
    const name = `${signer.names} ${signer.first} ${signer.second}`.toUpperCase();
    await issue(`signer-${n}`, `0000100000070000${String(1000 + n)}`, [{ '2.5.4.3': text(name) }, { '2.5.4.41': text(name) }, { '2.5.4.45': text(rfc) }, { '2.5.4.5': text(curp) }, { '2.5.4.6': text('MX') }]);
  }
}

await main();
