// archiver 8 ships no types (and @types/archiver describes the older factory API): the part of its
// ZipArchive class the app uses — a Node readable stream that entries are appended to.
declare module 'archiver' {
  import type { Readable } from 'node:stream';

  export class ZipArchive extends Readable {
    constructor(options?: { zlib?: { level?: number }; comment?: string; forceZip64?: boolean });
    append(source: Buffer | Readable | string, data: { name: string; date?: Date | string }): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
