// Error answers of the API (design/api.md) as text, shared by the API client and the forms.

/** The first message of an error value: a string, a list of them, or nested per field. */
export function firstMessage(value: unknown): string | null {
  if (typeof value === 'string') return value;
  const entries = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
  for (const entry of entries) {
    const message = firstMessage(entry);
    if (message) return message;
  }
  return null;
}
