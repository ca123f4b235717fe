// A zip answered while it is written (archiver): entries are appended one at a time by `fill`, so
// memory holds one entry, not the whole archive; a failure midway aborts the download (logged).
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { FileResult } from '@/server/engine/results';
import { logger } from '@/server/log';

export function streamedZip(filename: string, fill: (append: (content: Buffer | Readable, name: string) => Promise<void>) => Promise<void>, level = 6): FileResult {
  const archive = new ZipArchive({ zlib: { level } });
  const append = async (content: Buffer | Readable, name: string) => {
    archive.append(content, { name });
    // Let the archive drain before the next entry is made.
    await new Promise((resolve) => setImmediate(resolve));
  };
  void (async () => {
    try {
      await fill(append);
      await archive.finalize();
    } catch (error) {
      archive.abort();
      logger().error({ file: filename, err: error }, 'zip failed while streaming');
    }
  })();
  const stream = Readable.toWeb(archive as unknown as Readable) as unknown as ReadableStream<Uint8Array>;
  return new FileResult(stream, 'application/zip', filename);
}
