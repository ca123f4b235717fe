// A zip answered while it is written (archiver): entries are appended one at a time by `fill`, so
// memory holds one entry, not the whole archive; a failure midway aborts the download (logged), and
// so does a client that stops reading (nothing logged: it just went away).
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { FileResult } from '@/server/engine/results';
import { logger } from '@/server/log';
import { webStream } from './web-stream';

export function streamedZip(filename: string, fill: (append: (content: Buffer | Readable, name: string) => Promise<void>) => Promise<void>, level = 6): FileResult {
  const archive = new ZipArchive({ zlib: { level } });
  const append = async (content: Buffer | Readable, name: string) => {
    archive.append(content, { name });
    // Let the archive drain before the next entry is made.
    await new Promise((resolve) => setImmediate(resolve));
  };
  let cancelled = false;
  void (async () => {
    try {
      await fill(append);
      await archive.finalize();
    } catch (error) {
      archive.abort();
      if (!cancelled) logger().error({ file: filename, err: error }, 'zip failed while streaming');
    }
  })();
  const stream = webStream(archive as unknown as Readable, () => {
    cancelled = true;
    archive.abort();
  });
  return new FileResult(stream, 'application/zip', filename);
}
