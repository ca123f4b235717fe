// The bridge from Node streams to the web streams answers are made of (server/files/web-stream.ts).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { webStream } from '@/server/files/web-stream';

const text = async (stream: ReadableStream<Uint8Array>) => new TextDecoder().decode(await new Response(stream).arrayBuffer());

describe('webStream', () => {
  it('hands over every chunk, in order, until the source ends', async () => {
    const source = new PassThrough();
    const stream = webStream(source);
    source.write('uno ');
    source.write('dos ');
    source.end('tres');
    expect(await text(stream)).toBe('uno dos tres');
  });

  it('ignores a chunk that arrives after the reader cancelled, and lets the source go', async () => {
    const source = new PassThrough();
    const stream = webStream(source);
    source.write('primero');
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(source.destroyed).toBe(true);
    // What Node's Readable.toWeb put on the closed stream, an uncaught exception (nodejs/node#54205).
    expect(() => source.emit('data', Buffer.from('tarde'))).not.toThrow();
  });

  it('calls the source’s own way to stop instead, when given', async () => {
    const source = new PassThrough();
    let stopped = false;
    await webStream(source, () => (stopped = true)).cancel();
    expect(stopped).toBe(true);
    expect(source.destroyed).toBe(false);
  });

  it('fails the download when the source fails or is cut short', async () => {
    const failing = new PassThrough();
    const failed = text(webStream(failing));
    failing.write('a medias');
    failing.destroy(new Error('disco lleno'));
    await expect(failed).rejects.toThrow('disco lleno');
    const cut = new PassThrough();
    const short = text(webStream(cut));
    cut.write('a medias');
    cut.destroy();
    await expect(short).rejects.toThrow();
  });
});
