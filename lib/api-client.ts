// The browser's client for the product's REST API (spec section 7). Answers are never thrown:
// every call resolves to { ok, status, data } so screens branch on `ok` and show
// formatErrors(data). The session travels in the same-origin cookie, so no token handling here.
import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, LOCALE_COOKIE, asLocale } from '@/lib/i18n';
import { firstMessage } from './error-messages';
import { OWN_CLIENT_HEADER } from './own-client';
import { clearOfflineCaches } from './offline-caches';

export type { QueryValue } from './api-client-types';
import type { QueryValue } from './api-client-types';
export type Query = Record<string, QueryValue>;

export type ApiOptions = {
  /** JSON-encoded unless it is FormData, Blob, URLSearchParams or a string. */
  body?: unknown;
  query?: Query;
  /** Groups calls for the pending counter (a loading indicator); defaults to the path. */
  callType?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** The error shapes of design/api.md: field lists, non_field_errors and detail. */
export type ApiErrorData = {
  detail?: string;
  non_field_errors?: string[];
  /** Set by this client when no answer arrived: "network_error" or "aborted". */
  code?: string;
  [field: string]: unknown;
};

export type ApiSuccess<T> = { ok: true; status: number; data: T };
export type ApiFailure = { ok: false; status: number; data: ApiErrorData };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// --- Pending-request counter ---------------------------------------------------------------

const pendingByType = new Map<string, number>();
let pendingTotal = 0;
const listeners = new Set<() => void>();

function changePending(callType: string, delta: 1 | -1) {
  const next = (pendingByType.get(callType) ?? 0) + delta;
  if (next > 0) pendingByType.set(callType, next);
  else pendingByType.delete(callType);
  pendingTotal = Math.max(0, pendingTotal + delta);
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls in flight of one call type, or of every type when none is given. */
export function pendingCount(callType?: string): number {
  return callType === undefined ? pendingTotal : (pendingByType.get(callType) ?? 0);
}

/** How many calls of a type are in flight (re-renders when it changes): `usePending('save') > 0`. */
export function usePending(callType?: string): number {
  const snapshot = useCallback(() => pendingCount(callType), [callType]);
  return useSyncExternalStore(subscribe, snapshot, () => 0);
}

// --- Session end ---------------------------------------------------------------------------

let logoutDestination = '/login';
let loggingOut: Promise<void> | null = null;

/** The shell says where a logout lands: aspirants sign in again at /aspirants. */
export function configureApi(options: { logoutTo?: string }) {
  if (options.logoutTo) logoutDestination = options.logoutTo;
}

/**
 * Ends the session (spec section 4): revokes it on the server, clears what the browser kept and
 * replaces the current history entry so Back does not return to a private screen.
 */
export function logout(destination: string = logoutDestination): Promise<void> {
  loggingOut ??= (async () => {
    let revoked = false;
    try {
      const response = await fetch('/manage/logout/', { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json', [OWN_CLIENT_HEADER]: '1' } });
      revoked = response.ok || response.status === 401;
    } catch {
      revoked = false;
    }
    // The capture sheet's offline copies are this user's pages and data.
    await clearOfflineCaches();
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      // Storage may be disabled; the session itself lives in cookies.
    }
    // If the server could not be told, /logout at least clears the session cookies.
    window.location.replace(revoked ? destination : '/logout');
  })();
  return loggingOut;
}

// --- Requests ------------------------------------------------------------------------------

function uiLocale(): string {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === LOCALE_COOKIE) {
      return asLocale(decodeURIComponent(part.slice(index + 1).trim())) ?? DEFAULT_LOCALE;
    }
  }
  return DEFAULT_LOCALE;
}

export function buildUrl(path: string, query?: Query): string {
  const base = path.startsWith('/') || /^https?:\/\//i.test(path) ? path : `/${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const entry of value) params.append(key, String(entry));
    else params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string') return body;
  // A record with files goes as multipart: the other fields as JSON in `data`, each file under
  // its field's name (what the API reads). The browser sets the content type and its boundary.
  if (body && typeof body === 'object' && !Array.isArray(body) && Object.values(body).some((value) => value instanceof Blob)) {
    const form = new FormData();
    const data: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(body)) {
      if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
      else data[name] = value;
    }
    form.append('data', JSON.stringify(data));
    return form;
  }
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

async function readBody(response: Response, method: Method): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || method === 'HEAD') return null;
  const type = response.headers.get('content-type') ?? '';
  try {
    if (type.includes('json')) return await response.json();
    if (type.startsWith('text/')) return await response.text();
    // Exports (xlsx, pdf, zip) come back as files.
    return await response.blob();
  } catch {
    return null;
  }
}

function asErrorData(data: unknown, response: Response): ApiErrorData {
  if (data && typeof data === 'object' && !Array.isArray(data) && !(data instanceof Blob)) return data as ApiErrorData;
  if (typeof data === 'string' && data && !data.trimStart().startsWith('<')) return { detail: data.slice(0, 500) };
  return { detail: response.statusText || String(response.status) };
}

async function request<T>(method: Method, path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const callType = options.callType ?? path;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': uiLocale(), [OWN_CLIENT_HEADER]: '1', ...options.headers };
  const body = encodeBody(options.body, headers);
  changePending(callType, 1);
  try {
    const response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
    const data = await readBody(response, method);
    if (response.status === 401) void logout();
    if (!response.ok) return { ok: false, status: response.status, data: asErrorData(data, response) };
    return { ok: true, status: response.status, data: data as T };
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, status: 0, data: { code: aborted ? 'aborted' : 'network_error', detail } };
  } finally {
    changePending(callType, -1);
  }
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<ApiOptions, 'body'>) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, options?: ApiOptions) => request<T>('POST', path, options),
  put: <T = unknown>(path: string, options?: ApiOptions) => request<T>('PUT', path, options),
  patch: <T = unknown>(path: string, options?: ApiOptions) => request<T>('PATCH', path, options),
  delete: <T = unknown>(path: string, options?: ApiOptions) => request<T>('DELETE', path, options),
};

// --- Error messages ------------------------------------------------------------------------

type FieldLabeler = (name: string) => string | undefined;

let labelOfField: FieldLabeler = () => undefined;

/**
 * How error lines name a field or an action's parameter: the label the screens show ("Parcial"),
 * set once by the root layout from the user's messages (components/shell/ErrorFieldLabels.tsx).
 * Errors are formatted where no React context reaches (a failed query's error object), hence a
 * module setting rather than a hook.
 */
export function setFieldLabels(labeler: FieldLabeler): void {
  labelOfField = labeler;
}

function fieldLabel(path: string[]): string {
  const name = path[path.length - 1] ?? '';
  // A row of a list field ("lines 0 amount") is named by its field; unknown names as they came.
  return labelOfField(path.join('.')) ?? (/^\d+$/.test(name) ? undefined : labelOfField(name)) ?? path.join(' ').replace(/_/g, ' ').toUpperCase();
}

function collect(value: unknown, path: string[], lines: string[]) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, nested] of Object.entries(value)) collect(nested, [...path, key], lines);
    return;
  }
  // A list of nested objects (errors per row of a list field): report the first row with errors.
  if (Array.isArray(value) && value.some((entry) => entry && typeof entry === 'object' && !Array.isArray(entry))) {
    const row = value.find((entry) => entry && typeof entry === 'object' && Object.keys(entry).length > 0);
    if (row) collect(row, path, lines);
    return;
  }
  const message = firstMessage(value);
  if (message) lines.push(path.length ? `${fieldLabel(path)}: ${message}` : message);
}

/**
 * Error answers as lines for the user, one per field: "FIELD: first message" (spec section 7).
 * `detail` and `non_field_errors` are shown as they are.
 */
export function formatErrors(data: unknown): string[] {
  if (typeof data === 'string') return data ? [data] : [];
  if (!data || typeof data !== 'object') return [];
  const lines: string[] = [];
  const { detail, non_field_errors: general, code: _code, ...fields } = data as ApiErrorData;
  if (typeof detail === 'string' && detail) lines.push(detail);
  for (const message of Array.isArray(general) ? general : []) if (typeof message === 'string') lines.push(message);
  collect(fields, [], lines);
  return lines;
}
