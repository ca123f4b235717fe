// multipart/form-data bodies as a browser writes them, for the tests of the upload parser and of
// the upload endpoints: each part's name and filename escaped as browsers do (WHATWG: quotes and
// line breaks only), with an optional preamble, epilogue, padding after a boundary or extra headers.
export type MultipartPart = { name: string; filename?: string; type?: string; content: string | Uint8Array; headers?: string };

const encoder = new TextEncoder();

/** A browser's escaping of a part's name and filename. */
const escaped = (text: string) => text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

export function multipartBody(boundary: string, parts: readonly MultipartPart[], options: { preamble?: string; epilogue?: string; padding?: string } = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  if (options.preamble) chunks.push(encoder.encode(`${options.preamble}\r\n`));
  for (const part of parts) {
    const disposition = `form-data; name="${escaped(part.name)}"${part.filename === undefined ? '' : `; filename="${escaped(part.filename)}"`}`;
    chunks.push(encoder.encode(`--${boundary}${options.padding ?? ''}\r\n${part.headers ?? ''}Content-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(typeof part.content === 'string' ? encoder.encode(part.content) : part.content);
    chunks.push(encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n${options.epilogue ?? ''}`));
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
