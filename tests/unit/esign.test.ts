// The signing toolkit against SAT's public test CSD and the official schemas in server/standards:
// the certificate reads as SAT describes it, the key opens only with its password, the standards'
// signed examples verify, and libxml2 accepts the examples and refuses them broken.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CredentialError, openCredential, readCertificate, verifySeal } from '@/server/esign/credential';
import { standardsPath, validateXml } from '@/server/esign/xsd';

const csd = (name: string) => readFileSync(standardsPath('sat-test-csd', name));

describe('a SAT credential', () => {
  it('reads the test CSD: number, RFC, holder and validity', () => {
    const { info } = readCertificate(csd('EKU9003173C9.cer'));
    expect(info.number).toBe('30001000000400002434');
    expect(info.rfc).toBe('EKU9003173C9');
    expect(info.name).toBe('ESCUELA KEMPER URGATE SA DE CV');
    expect(info.validFrom.toISOString().slice(0, 10)).toBe('2019-06-17');
    expect(info.validTo.toISOString().slice(0, 10)).toBe('2023-06-17');
    // The Base64 form reads back to the same certificate.
    expect(readCertificate(info.base64).info.number).toBe(info.number);
  });

  it('opens the key only with its password, and signs what it verifies', () => {
    expect(() => openCredential(csd('EKU9003173C9.cer'), csd('EKU9003173C9.key'), 'wrong')).toThrow(CredentialError);
    expect(() => readCertificate(Buffer.from('not a certificate'))).toThrow(CredentialError);
    const credential = openCredential(csd('EKU9003173C9.cer'), csd('EKU9003173C9.key'), readFileSync(standardsPath('sat-test-csd', 'EKU9003173C9-password.txt'), 'utf8'));
    const seal = credential.sign('||4.0|ÑANDÚ ESCUELA||');
    expect(credential.verify('||4.0|ÑANDÚ ESCUELA||', seal)).toBe(true);
    expect(credential.verify('||4.0|NANDU ESCUELA||', seal)).toBe(false);
    expect(credential.validAt(new Date('2020-01-01'))).toBe(true);
    expect(credential.validAt(new Date('2026-11-26'))).toBe(false);
  });

  it('verifies the seal of the standards’ signed example over its cadena', () => {
    const xml = readFileSync(standardsPath('cfdi40', 'example-minimal.xml'), 'utf8');
    const seal = /Sello="([^"]+)"/.exec(xml)![1];
    const certificate = / Certificado="([^"]+)"/.exec(xml)![1];
    const cadena =
      '||4.0|COL|1|2024-09-02T10:00:00|03|30001000000400002434|2500.00|MXN|2500.00|I|01|PUE|42501|EKU9003173C9|ESCUELA KEMPER URGATE|601|XOJI740919U48|INGRID XODAR JIMENEZ|88965|605|D10|86121500|COL-2024-09|1|E48|Servicio|Colegiatura septiembre 2024|2500.00|2500.00|01||';
    expect(verifySeal(certificate, cadena, seal)).toBe(true);
    expect(verifySeal(certificate, cadena.replace('2500.00', '2400.00'), seal)).toBe(false);
  });
});

describe('the official schemas', () => {
  it.each([
    ['cfdi40', 'cfdi40/example-minimal.xml', / Exportacion="01"/, "The attribute 'Exportacion' is required but missing"],
    ['cfdi40', 'cfdi40/example-iedu.xml', / CURP="[^"]+"/, "The attribute 'CURP' is required but missing"],
    ['titulo', 'sep-titulo/example-minimal.xml', / folioControl="[^"]*"/, "The attribute 'folioControl' is required but missing"],
  ] as const)('%s accepts %s and refuses it without a required attribute', async (schema, file, attribute, message) => {
    const xml = readFileSync(standardsPath(...file.split('/')), 'utf8');
    expect(await validateXml(xml, schema)).toEqual({ valid: true, problems: [] });
    const broken = await validateXml(xml.replace(attribute, ''), schema);
    expect(broken.valid).toBe(false);
    expect(broken.problems[0].message).toContain(message);
    expect(broken.problems[0].line).toBeGreaterThan(0);
  });

  it('reports a document that is not XML instead of throwing', async () => {
    const result = await validateXml('<cfdi:Comprobante', 'cfdi40');
    expect(result.valid).toBe(false);
    expect(result.problems.length).toBeGreaterThan(0);
  });
});
