// Limits shared by the API's validation and the browser's forms. Kept apart from lib/validation.ts
// (zod) so that client components can import them without shipping zod to the browser.

export const PASSWORD_MIN = 8;
