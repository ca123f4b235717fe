// Which paths are API calls, known without loading the API: the production server (server/serve.ts)
// answers pages before it has loaded the API's modules, and routes each request by its path alone.
// tests/api/node-server.test.ts holds this list equal to the registry's modules and to the app's
// API route folders.

/** The modules with an API (`{module}/api/…`). */
export const API_MODULES: readonly string[] = ['academic', 'documents', 'finance', 'inscription', 'invoices', 'polls', 'reports', 'scheduler', 'scores', 'students'];

/** The API's paths: every module's `{module}/api/` and the session calls under `manage/`. */
const API_PATH = new RegExp(`^/(?:manage/|(?:${API_MODULES.join('|')})/api/)`);

export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}
