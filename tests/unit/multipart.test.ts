// The multipart/form-data parser of request bodies (server/http/multipart.ts) against the
// platform's own (Response.formData()): the same fields, files, names and bytes for the forms
// browsers and clients send, and a refusal of bodies that are no form.
import { describe, expect, it } from 'vitest';
import { MultipartError, boundaryOf, parseMultipart } from '@/server/http/multipart';
import { type MultipartPart, multipartBody } from '../factories/multipart';

type Part = MultipartPart;

const encoder = new TextEncoder();
const body = multipartBody;

/** Entries as comparable values: text, or a file's name, type and bytes. */
async function readable(entries: Iterable<[string, FormDataEntryValue]>) {
  const out: [string, unknown][] = [];
  for (const [name, value] of entries) out.push([name, typeof value === 'string' ? value : { file: value.name, type: value.type, bytes: [...new Uint8Array(await value.arrayBuffer())] }]);
  return out;
}

const platform = async (bytes: Uint8Array, contentType: string) => readable((await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData()).entries());
const ours = (bytes: Uint8Array, contentType: string) => readable(parseMultipart(bytes, contentType));

const binary = new Uint8Array([0, 13, 10, 45, 45, 255, 1, 2, 13, 10, 13, 10, 45]);

describe('parseMultipart', () => {
  it.each<[string, string, Part[], { preamble?: string; epilogue?: string; padding?: string }?]>([
    ['a JSON data part and a file', 'XyZ123', [{ name: 'data', content: '{"importer":"grades"}' }, { name: 'file', filename: 'calificaciones.csv', type: 'text/csv', content: 'Alumno;Plan\r\n1;ISC\r\n' }]],
    ['accents, quotes and line breaks in names', '----plantel7', [{ name: 'nombre "raro"\n', content: 'Lucía' }, { name: 'file', filename: 'acta "final"\r\nñ.pdf', type: 'application/pdf', content: binary }]],
    ['a file with no type and an empty file', 'b', [{ name: 'a', filename: 'a.bin', content: binary }, { name: 'b', filename: 'vacío.txt', type: 'text/plain', content: '' }]],
    ['bytes that look like a delimiter inside a part', 'frontera', [{ name: 'f', filename: 'x.txt', content: '--fronter\r\n--frontersa\r\n-' }]],
    ['a field twice, and an empty field', 'q', [{ name: 'notes', content: 'uno' }, { name: 'notes', content: 'dos' }, { name: 'empty', content: '' }]],
    ['other headers before the disposition', 'h', [{ name: 'x', content: 'y', headers: 'Content-Transfer-Encoding: binary\r\n' }]],
  ])('reads %s as the platform does', async (_, boundary, parts, options) => {
    const bytes = body(boundary, parts, options);
    const contentType = `multipart/form-data; boundary=${boundary}`;
    expect(await ours(bytes, contentType)).toEqual(await platform(bytes, contentType));
  });

  it('reads the boundary inside a part, not after a line break, as content (RFC 2046; the platform refuses it)', async () => {
    const bytes = body('frontera', [{ name: 'f', content: 'x--frontera' }]);
    expect(await ours(bytes, 'multipart/form-data; boundary=frontera')).toEqual([['f', 'x--frontera']]);
  });

  it('reads a quoted boundary, and padding after a delimiter', async () => {
    const bytes = body('con espacio', [{ name: 'x', content: 'y' }], { padding: '  ' });
    expect(await ours(bytes, 'multipart/form-data; boundary="con espacio"')).toEqual([['x', 'y']]);
  });

  it.each<[string, Uint8Array, string]>([
    ['no boundary', body('b', [{ name: 'x', content: 'y' }]), 'multipart/form-data'],
    ['another boundary', body('b', [{ name: 'x', content: 'y' }]), 'multipart/form-data; boundary=otra'],
    ['cut short in a part', body('b', [{ name: 'x', filename: 'x.pdf', content: binary }]).subarray(0, 60), 'multipart/form-data; boundary=b'],
    ['cut short in its headers', encoder.encode('--b\r\nContent-Disposition: form-data; name="x"'), 'multipart/form-data; boundary=b'],
    ['without the closing delimiter', encoder.encode('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n'), 'multipart/form-data; boundary=b'],
    ['a part without a name', encoder.encode('--b\r\nContent-Disposition: form-data\r\n\r\ny\r\n--b--\r\n'), 'multipart/form-data; boundary=b'],
    ['a part without a disposition', encoder.encode('--b\r\nContent-Type: text/plain\r\n\r\ny\r\n--b--\r\n'), 'multipart/form-data; boundary=b'],
    ['empty', new Uint8Array(0), 'multipart/form-data; boundary=b'],
    // RFC 2046 allows a preamble and an epilogue; the platform's parser refuses them, and so does this one.
    ['with an epilogue', body('b', [{ name: 'x', content: 'y' }], { epilogue: 'Esto no es parte del formulario.' }), 'multipart/form-data; boundary=b'],
    ['with a preamble', body('b', [{ name: 'x', content: 'y' }], { preamble: 'Esto no es parte del formulario.' }), 'multipart/form-data; boundary=b'],
  ])('refuses a body %s', (_, bytes, contentType) => {
    expect(() => parseMultipart(bytes, contentType)).toThrow(MultipartError);
  });

  it('takes the boundary quoted or not, up to 70 characters', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(boundaryOf(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });

  it('makes a file from its slice of the body, whatever its size', async () => {
    const big = new Uint8Array(3 * 1024 * 1024).fill(97);
    const [[name, file]] = parseMultipart(body('b', [{ name: 'file', filename: 'g.csv', content: big }]), 'multipart/form-data; boundary=b');
    expect(name).toBe('file');
    expect((file as File).size).toBe(big.length);
  });
});
