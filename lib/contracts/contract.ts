// An action's contract: where it is (method, base, path), what it takes (a body, query parameters)
// and what it answers, as zod schemas. One contract serves three readers:
//   - the server's dispatcher parses the body and the query with it before the handler runs, and
//     in test runs checks every answer against it (server/http/dispatch.ts);
//   - the OpenAPI document shows its request and answer (server/http/openapi.ts);
//   - the browser's typed client (lib/api/actions.ts) builds the URL and types the answer from it.
// Contracts live in lib/ because both sides read them: they hold schemas only, never server code.
import { z } from 'zod';

export type ActionMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An answer that is a file (a PDF, a spreadsheet, a zip): its content types. */
export type FileAnswer = { readonly kind: 'file'; readonly types: readonly string[] };
/** An answer with no body (204). */
export type EmptyAnswer = { readonly kind: 'empty' };
export type AnswerSchema = z.ZodType | FileAnswer | EmptyAnswer;

export const fileAnswer = (...types: string[]): FileAnswer => ({ kind: 'file', types });
export const emptyAnswer: EmptyAnswer = { kind: 'empty' };

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV = 'text/csv';
export const ZIP = 'application/zip';
export const XML = 'application/xml';

export type SuccessStatus = 200 | 201 | 202 | 204;

/** The statuses a success answers with, the first being the usual one. */
export function successStatuses(contract: ActionContract): readonly SuccessStatus[] {
  if (contract.status === undefined) return [isEmptyAnswer(contract.output) ? 204 : 200];
  return typeof contract.status === 'number' ? [contract.status] : contract.status;
}

export type ActionContract = {
  readonly method: ActionMethod;
  /** The resource's (or action group's) base, without a leading slash: "finance/api/sales/". */
  readonly base: string;
  /** The path below the base: "{id}/cart/". */
  readonly path: string;
  /** One line on what it does, for the API document. */
  readonly summary: string;
  /** The body (JSON, or multipart with `multipart`); none means the action takes no body. */
  readonly input?: z.ZodType;
  /** The body comes as multipart/form-data (files under their field names). */
  readonly multipart?: boolean;
  /** Query parameters, as an object schema over their string values. */
  readonly query?: z.ZodObject;
  /** What a success answers. */
  readonly output: AnswerSchema;
  /** A JSON answer also offered as a file (`?format=xlsx`: the same figures as a workbook). */
  readonly alsoFile?: FileAnswer;
  /** The success status when it is not 200 (201 created, 202 accepted, 204 nothing); a list when
   * the call answers one or the other (a small job done at once with 200, a big one queued with
   * 202): `output` then describes every one of them. */
  readonly status?: SuccessStatus | readonly SuccessStatus[];
  /** Statuses other than 400/401/403/404 the action answers on purpose, e.g. 409 for a state
   * that forbids it. Shown in the API document. */
  readonly errors?: readonly (409 | 413 | 422 | 502 | 503)[];
  /** A multipart body's limit when it is not the API's usual one (an import's spreadsheet). */
  readonly maxBytes?: number;
};

/** Keeps the contract's literal types (its path, its schemas) for the client's inference. */
export function defineContract<const C extends ActionContract>(contract: C): C {
  return contract;
}

/** The parameters a path template names: "{id}/cart/" -> "id". */
type PathNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathNames<Rest> : never;
export type PathParams<C extends ActionContract> = [PathNames<`${C['base']}${C['path']}`>] extends [never] ? Record<string, never> : Record<PathNames<`${C['base']}${C['path']}`>, string | number>;

/** What the caller sends: the body's input form (before transforms). */
export type InputOf<C extends ActionContract> = C['input'] extends z.ZodType ? z.input<C['input']> : undefined;
/** What the handler receives after the dispatcher parsed the body. */
export type ParsedInputOf<C extends ActionContract> = C['input'] extends z.ZodType ? z.output<C['input']> : undefined;
export type QueryOf<C extends ActionContract> = C['query'] extends z.ZodObject ? z.input<C['query']> : undefined;
export type ParsedQueryOf<C extends ActionContract> = C['query'] extends z.ZodObject ? z.output<C['query']> : undefined;
/** What the caller gets: the answer as JSON (a Blob for a file, null for nothing). */
export type AnswerOf<C extends ActionContract> = C['output'] extends z.ZodType ? z.output<C['output']> : C['output'] extends FileAnswer ? Blob : null;

/** The URL path of a call: "/finance/api/sales/7/cart/". */
export function contractPath(contract: ActionContract, params: Readonly<Record<string, string | number>> = {}): string {
  return `/${contract.base}${contract.path}`.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${contract.base}${contract.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export const isFileAnswer = (answer: AnswerSchema): answer is FileAnswer => 'kind' in answer && (answer as FileAnswer).kind === 'file';
export const isEmptyAnswer = (answer: AnswerSchema): answer is EmptyAnswer => 'kind' in answer && (answer as EmptyAnswer).kind === 'empty';
