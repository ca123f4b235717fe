// Bringing a school's data in (issue 31, Herramientas › Importar): per importer a template to
// download, the upload of a filled xlsx or CSV (its columns matched by header, a mapping a person
// corrects and saves, a preview of the first rows as they will be stored with their errors), a dry
// run and the import as jobs, and the report of every row's outcome. The uploads themselves are
// listed through the resource (manage/api/imports/).
import { z } from 'zod';
import { positiveId } from '@/lib/validation';
import { XLSX, defineContract, fileAnswer } from './contract';
import { wireId } from './wire';

const IMPORTS = 'manage/api/imports/';

/** The largest file an import takes (a school's 20,000 students or 500,000 grades fit well below it). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

export const IMPORTER_NAMES = ['students', 'teachers', 'plans', 'groups', 'enrolments', 'grades', 'balances'] as const;
export const importerName = z.enum(IMPORTER_NAMES, { message: 'errors.choice' });
export type ImporterName = (typeof IMPORTER_NAMES)[number];

export const importColumn = z.object({
  key: z.string(),
  /** The header in the user's language, and the Spanish one the template writes. */
  label: z.string(),
  header: z.string(),
  type: z.enum(['text', 'date', 'decimal', 'integer', 'boolean', 'catalog']),
  required: z.boolean(),
  example: z.string(),
});

/** GET manage/api/imports/importers/ */
export const importers = defineContract({
  method: 'GET',
  base: IMPORTS,
  path: 'importers/',
  summary: 'The importers (students, teachers...) with their columns, natural key and the mapping saved for each.',
  output: z.object({
    results: z.array(z.object({ name: importerName, label: z.string(), natural_key: z.array(z.string()), columns: z.array(importColumn), saved_mapping: z.record(z.string(), z.string().nullable()) })),
    max_bytes: z.number().int(),
  }),
});

/** GET manage/api/imports/template/?importer= */
export const importTemplate = defineContract({
  method: 'GET',
  base: IMPORTS,
  path: 'template/',
  summary: 'The importer’s template: headers in Spanish, drop-down lists for catalogue columns, an example sheet and a notes sheet.',
  query: z.object({ importer: importerName }),
  output: fileAnswer(XLSX),
});

/** Column key -> index of the file's header it reads (null: left out). */
export const columnMapping = z.record(z.string(), z.number().int().min(0).max(499).nullable());

const rowError = z.object({ row: z.number().int(), column: z.string().nullable(), header: z.string().nullable(), message: z.string() });
export type ImportRowError = z.infer<typeof rowError>;

/** What a file holds and how it is read: its headers, the mapping, the first rows as they will be stored. */
export const importPreview = z.object({
  id: wireId,
  importer: importerName,
  file_name: z.string(),
  total_rows: z.number().int(),
  headers: z.array(z.string()),
  mapping: columnMapping,
  /** Required columns no header is mapped to (the run refuses the file until they are). */
  missing: z.array(z.string()),
  rows: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.string().nullable()) })),
  errors: z.array(rowError),
});

/** POST manage/api/imports/upload/ (multipart: importer, file) */
export const uploadImport = defineContract({
  method: 'POST',
  base: IMPORTS,
  path: 'upload/',
  summary: 'Uploads a filled template (xlsx or CSV, at most 50 MB): answers its headers, the proposed mapping and a preview of the first rows as they will be stored, with their errors.',
  multipart: true,
  input: z.object({ importer: importerName, file: z.file({ error: 'errors.file_required' }).optional() }),
  output: importPreview,
  status: 201,
  errors: [413],
  maxBytes: MAX_IMPORT_BYTES,
});

/** POST manage/api/imports/{id}/preview/ */
export const previewImport = defineContract({
  method: 'POST',
  base: IMPORTS,
  path: '{id}/preview/',
  summary: 'The preview of an uploaded file read with another mapping.',
  input: z.object({ mapping: columnMapping }),
  output: importPreview,
  errors: [409],
});

/** PUT manage/api/imports/mapping/ */
export const saveImportMapping = defineContract({
  method: 'PUT',
  base: IMPORTS,
  path: 'mapping/',
  summary: 'Saves the mapping (column key -> header text, or null to leave a column out) proposed for the importer’s next files.',
  input: z.object({ importer: importerName, mapping: z.record(z.string(), z.string().trim().max(200).nullable()) }),
  output: z.object({ importer: importerName, mapping: z.record(z.string(), z.string().nullable()) }),
});

const runInput = z.object({ mapping: columnMapping });
const jobStarted = z.object({ job_id: wireId });

/** POST manage/api/imports/{id}/dry_run/ */
export const dryRunImport = defineContract({
  method: 'POST',
  base: IMPORTS,
  path: '{id}/dry_run/',
  summary: 'Checks every row as the import would (the owners’ rules included) and rolls everything back: a job whose report says what the import would do.',
  input: runInput,
  output: jobStarted,
  status: 202,
  errors: [409],
});

/** POST manage/api/imports/{id}/run/ */
export const runImport = defineContract({
  method: 'POST',
  base: IMPORTS,
  path: '{id}/run/',
  summary: 'Imports the file as a job: every row is validated first; with any row refused nothing is written; else all rows are written in one transaction through the owners’ operations.',
  input: runInput,
  output: jobStarted,
  status: 202,
  errors: [409],
});

/** What a run answers when its job ends (the job's result). */
export const importResult = z.object({
  id: wireId,
  status: z.enum(['CHECKED', 'IMPORTED', 'REFUSED']),
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  errors: z.array(rowError),
});
export type ImportResult = z.infer<typeof importResult>;

/** GET manage/api/imports/{id}/report/ */
export const importReport = defineContract({
  method: 'GET',
  base: IMPORTS,
  path: '{id}/report/',
  summary: 'The last run’s report: each row’s outcome (created, updated, unchanged, refused with its column and message).',
  output: fileAnswer(XLSX),
});

export const importIdParam = positiveId;
