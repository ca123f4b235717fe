// What an operation or action returns when plain data is not the whole answer: a file, or another
// status than 200. Only server/http turns these into a Response; a caller outside HTTP (a server
// component, a job) reads the same objects.

export type FileBody = ReadableStream<Uint8Array> | Uint8Array;

/** A file to hand over: its bytes (streamed or whole), type and name. */
export class FileResult {
  constructor(
    readonly body: FileBody,
    readonly contentType: string,
    readonly filename: string,
    readonly options: { inline?: boolean; size?: number; cacheControl?: string } = {},
  ) {}
}

/** Data answered with another status than 200 (201 created, 202 accepted, 204 nothing). */
export class StatusResult {
  constructor(
    readonly status: number,
    readonly data: unknown = null,
  ) {}
}

export const created = (data: unknown) => new StatusResult(201, data);
export const accepted = (data: unknown) => new StatusResult(202, data);
export const nothing = () => new StatusResult(204);
