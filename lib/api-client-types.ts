// Types of the API client that pure modules share without its React parts.
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
