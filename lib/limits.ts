// Limits shared by the API's validation and the browser's forms. Kept apart from lib/validation.ts
// (zod) so that client components can import them without shipping zod to the browser.

export const PASSWORD_MIN = 8;

/** The largest file an upload may carry (spec: "Upload files must be under 5MB"). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The database's integer (PostgreSQL int4): ids and counts past it are out of range. */
export const INT4_MAX = 2_147_483_647;

/**
 * The most rows an export writes: a spreadsheet's sheet holds 1,048,576 rows, one of them the
 * header. A list with more is refused whole (413) rather than cut short; CSV follows the same rule,
 * so both formats of one list hold the same rows.
 */
export const EXPORT_MAX_ROWS = 1_048_575;
