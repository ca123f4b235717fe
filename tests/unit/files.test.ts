import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFile, mimeOfStored, safeFileName } from '@/server/files/detect';
import { contentDisposition } from '@/server/files/storage';

const csd = (name: string) => new Uint8Array(fs.readFileSync(path.join(process.cwd(), 'server/standards/sat-test-csd', name)));
const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('what a file is, by its bytes', () => {
  const cases: [string, Uint8Array, string | null][] = [
    ['PDF', bytes('%PDF-1.7\n', 0x25, 0xe2), 'pdf'],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 'IHDR'), 'image'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'), 'image'],
    ['GIF', bytes('GIF89a', 1, 0, 1, 0), 'image'],
    ['WebP', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), 'image'],
    ["SAT's test certificate (.cer)", csd('EKU9003173C9.cer'), 'certificate'],
    ["SAT's test private key (.key)", csd('EKU9003173C9.key'), 'private-key'],
    ['plain text named .pdf', bytes('hola, soy un PDF'), null],
    ['HTML', bytes('<html><script>alert(1)</script>'), null],
    ['a PDF header too late', bytes(' %PDF-1.7'), null],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '), null],
    ['a DER sequence that is neither', bytes(0x30, 0x03, 0x02, 0x01, 0x05), null],
    ['empty', new Uint8Array(0), null],
  ];
  it.each(cases)('%s', (_, content, kind) => {
    expect(detectFile(content)?.kind ?? null).toBe(kind);
  });
});

describe('stored names', () => {
  it.each([
    ['Acta de nacimiento.PDF', 'pdf', 'Acta de nacimiento.pdf'],
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['C:\\Users\\ana\\Fotografía.jpeg', 'jpg', 'Fotografía.jpg'],
    ['foto.png', 'jpg', 'foto.jpg'],
    ['  .oculto  ', 'pdf', 'archivo.pdf'],
    ['a<b>c:"d|e?f*.pdf', 'pdf', 'abcdef.pdf'],
    ['', 'png', 'archivo.png'],
    [`${'x'.repeat(300)}.pdf`, 'pdf', `${'x'.repeat(120)}.pdf`],
    // A right-to-left override would show this one as "facturagnp.pdf".
    ['factura\u202Efdp.png', 'png', 'facturafdp.png'],
    ['nota\u200B\u2066oculta\u2069\uFEFF.pdf', 'pdf', 'notaoculta.pdf'],
  ])('%s -> %s', (original, extension, expected) => {
    expect(safeFileName(original, extension)).toBe(expected);
  });

  it('sends the real name with accents and an ASCII fallback', () => {
    expect(contentDisposition('Certificado de bachillerato.pdf', false)).toBe(`attachment; filename="Certificado de bachillerato.pdf"; filename*=UTF-8''Certificado%20de%20bachillerato.pdf`);
    expect(contentDisposition('Fotografía "ñ".jpg', true)).toBe(`inline; filename="Fotografia _n_.jpg"; filename*=UTF-8''Fotograf%C3%ADa%20%22%C3%B1%22.jpg`);
    expect(mimeOfStored('x/y/Acta.pdf')).toBe('application/pdf');
    expect(mimeOfStored('x/y/foto.jpg')).toBe('image/jpeg');
    expect(mimeOfStored('x/y/raro.exe')).toBe('application/octet-stream');
  });
});
