// Errors that answer a request. Messages are keys of messages/<locale>/*.json, translated into the
// request's language by the error mapper, so domain code never needs to know the language.
export type Message = { key: string; values?: Record<string, string | number> };
export type FieldErrors = Record<string, Message[]>;

export const msg = (key: string, values?: Record<string, string | number>): Message => ({ key, values });

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: Message | null,
    readonly fields: FieldErrors | null = null,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail?.key ?? 'validation');
  }
}

export const badRequest = (fields: FieldErrors, extra: Record<string, unknown> = {}) => new ApiError(400, null, fields, extra);
export const fieldError = (field: string, key: string, values?: Record<string, string | number>) => badRequest({ [field]: [msg(key, values)] });
export const notAuthenticated = (key = 'auth.not_authenticated', extra: Record<string, unknown> = {}) => new ApiError(401, msg(key), null, extra);
export const forbidden = (key = 'auth.forbidden') => new ApiError(403, msg(key));
export const notFound = (key = 'errors.not_found') => new ApiError(404, msg(key));
export const methodNotAllowed = () => new ApiError(405, msg('errors.method_not_allowed'));
export const conflict = (key = 'errors.conflict', values?: Record<string, string | number>) => new ApiError(409, msg(key, values));
export const tooLarge = () => new ApiError(413, msg('errors.file_too_large'));
/** Over the API's rate limit (server/rate-limit): Retry-After says when the window ends. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, msg('errors.rate_limited', { seconds: retryAfterSeconds }), null, {}, { 'retry-after': String(retryAfterSeconds) });

/** A bulk operation's refusal of one of the rows it was given (`index`: its place in the list),
 * so that the caller (an import) reports that row with the owner's own refusal. */
export class RowOfBatchRefused extends Error {
  constructor(
    readonly index: number,
    readonly refusal: unknown,
  ) {
    super('row of batch refused');
  }
}
