// A multipart/form-data body (RFC 7578) split into its fields and files, reading the body's bytes
// in place: a file part becomes a File made from its slice of the body (the one copy a File
// takes), where the platform's Response.formData() copies the whole body twice more before that
// (an import's 30 MB spreadsheet held four times at once). Names and file names are UTF-8 with
// the browsers' escapes of quotes and line breaks (%22, %0D, %0A) undone, as the fetch standard's
// parser does. A body that is not such a form (no boundary, a part cut short, no closing
// delimiter) throws MultipartError.

export class MultipartError extends Error {}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const DASHES = 0x2d;

/** The boundary of a multipart content type (quoted or not), or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2] ?? null;
  // RFC 2046: 1 to 70 characters.
  return boundary && boundary.length <= 70 ? boundary : null;
}

const unescapeName = (text: string) => text.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"');

/** A part's Content-Disposition parameters (name, filename), quoted or not. */
function dispositionOf(value: string): { name: string; filename: string | null } {
  if (!/^\s*form-data\s*(;|$)/i.test(value)) throw new MultipartError('not a form-data part');
  const params = new Map<string, string>();
  for (const match of value.matchAll(/;\s*([\w*-]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g)) params.set(match[1].toLowerCase(), (match[2] ?? match[3] ?? '').trim());
  const name = params.get('name');
  if (name === undefined) throw new MultipartError('a part without a name');
  const filename = params.get('filename');
  return { name: unescapeName(name), filename: filename === undefined ? null : unescapeName(filename) };
}

/** The fields (text) and files of a multipart body, in their order. */
export function parseMultipart(bytes: Uint8Array, contentType: string): [string, string | File][] {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new MultipartError('no boundary');
  // A view of the same bytes (a request body is never a SharedArrayBuffer).
  const body = Buffer.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  // The body starts with its first delimiter and ends with the closing one: RFC 2046 allows a
  // preamble and an epilogue, the platform's parser refuses them, and so does this one.
  if (!body.subarray(0, delimiter.length).equals(delimiter)) throw new MultipartError('no delimiter');
  let position = 0;
  const next = Buffer.concat([CRLF, delimiter]);
  const decoder = new TextDecoder('utf-8');
  const entries: [string, string | File][] = [];
  for (;;) {
    position += delimiter.length;
    // The closing delimiter: "--" after the boundary, and at most a line break after it.
    if (body[position] === DASHES && body[position + 1] === DASHES) {
      const rest = body.subarray(position + 2);
      if (rest.length === 0 || rest.equals(CRLF)) return entries;
      throw new MultipartError('an epilogue');
    }
    // Transport padding (spaces or tabs) may follow a delimiter before its line break.
    while (body[position] === 0x20 || body[position] === 0x09) position += 1;
    if (!body.subarray(position, position + CRLF.length).equals(CRLF)) throw new MultipartError('a delimiter without its line break');
    position += CRLF.length;
    const headersEnd = body.indexOf(HEADERS_END, position);
    if (headersEnd < 0) throw new MultipartError('a part cut short in its headers');
    let disposition: { name: string; filename: string | null } | null = null;
    let type = '';
    for (const line of decoder.decode(body.subarray(position, headersEnd)).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new MultipartError('a header line without a name');
      const header = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (header === 'content-disposition') disposition = dispositionOf(value);
      else if (header === 'content-type') type = value;
    }
    if (!disposition) throw new MultipartError('a part without Content-Disposition');
    const start = headersEnd + HEADERS_END.length;
    const end = body.indexOf(next, start);
    if (end < 0) throw new MultipartError('a part cut short');
    const content = body.subarray(start, end);
    entries.push([disposition.name, disposition.filename === null ? decoder.decode(content) : new File([content], disposition.filename, { type: type || 'text/plain' })]);
    position = end + CRLF.length;
  }
}
