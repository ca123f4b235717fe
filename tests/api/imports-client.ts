// An import as a person runs it in Herramientas › Importar, for the importers' API tests: the file
// uploaded, then run (or checked) as a job with the mapping the upload proposed, to its end.
import { expect } from 'vitest';
import { type Answer, call, finishedJob } from './client';

export type ImportRowError = { row: number; column: string | null; message: string };
export type ImportResult = { status: string; created: number; updated: number; unchanged: number; refused: number; errors: ImportRowError[] };

/** Uploads `content` as the file `name` for `importer`. */
export function uploadImport(token: string, importer: string, content: string | Uint8Array, name: string): Promise<Answer<any>> {
  const form = new FormData();
  form.append('importer', importer);
  form.append('file', new Blob([content as BlobPart]), name);
  return call('POST', 'manage/api/imports/upload/', { token, form });
}

/**
 * Uploads and runs the file (a dry run with `dryRun`) and waits for its job, which must end DONE.
 * With `allColumns`, every column the importer requires must have been recognised by the upload.
 */
export async function importFile(token: string, importer: string, content: string | Uint8Array, options: { name: string; dryRun?: boolean; allColumns?: boolean }) {
  const uploaded = await uploadImport(token, importer, content, options.name);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  if (options.allColumns) expect(uploaded.body.missing).toEqual([]);
  const started = await call('POST', `manage/api/imports/${uploaded.body.id}/${options.dryRun ? 'dry_run' : 'run'}/`, { token, body: { mapping: uploaded.body.mapping } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await finishedJob(token, started.body.job_id);
  expect(job.status, JSON.stringify(job.error)).toBe('DONE');
  return { id: uploaded.body.id as number, preview: uploaded.body, result: job.result as ImportResult };
}
