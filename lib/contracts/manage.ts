// Configuración's actions (manage/api/): a user's password, and the audit of every history row.
import { z } from 'zod';
import { changePasswordSchema } from '@/lib/validation';
import { CSV, XLSX, defineContract, fileAnswer } from './contract';
import { wireDone, wireId, wireInstant, wirePage } from './wire';

const USERS = 'manage/api/users/';
const AUDIT = 'manage/api/audit/';

/** POST manage/api/users/{id}/change_password/ */
export const changeUserPassword = defineContract({
  method: 'POST',
  base: USERS,
  path: '{id}/change_password/',
  summary: 'Changes a user’s password: one’s own with the current password, anyone’s for staff who manage users; their other sessions end.',
  input: changePasswordSchema,
  output: wireDone,
});

/**
 * The audit's filters, as the list and the export read them. The handler checks each value with its
 * own message (an integer user, a calendar day, a known kind of change), so here they are text.
 */
const auditFilters = {
  user_id: z.string().optional(),
  resource: z.string().optional(),
  record_id: z.string().optional(),
  /** "+" created, "~" changed, "-" deleted (a "+" typed into an address arrives as a space). */
  type: z.string().optional(),
  /** First and last school day, YYYY-MM-DD, both included. */
  date_after: z.string().optional(),
  date_before: z.string().optional(),
  /** "date" oldest first; anything else (the default "-date") newest first. */
  ordering: z.string().optional(),
};

/** One change of a history row, its values named as the record's history names them. */
const historyChange = z.object({ field: z.string(), old: z.unknown(), new: z.unknown(), old_label: z.string().optional(), new_label: z.string().optional() });

/** A history row as the audit shows it. */
export const auditEntry = z.object({
  id: z.string(),
  date: wireInstant,
  resource: z.string(),
  resource_label: z.string(),
  record_id: z.string(),
  type: z.enum(['+', '~', '-']),
  type_label: z.string(),
  /** Who did it; null for the system (a job with no user). */
  user: z.object({ id: wireId.nullable(), username: z.string(), full_name: z.string() }).nullable(),
  summary: z.string(),
  changes: z.array(historyChange),
  /** Only when the change was given one. */
  reason: z.string().optional(),
});

/** GET manage/api/audit/ */
export const auditPage = defineContract({
  method: 'GET',
  base: AUDIT,
  path: '',
  summary: 'A page of every table’s history rows, newest first, filtered by user, table, school days, record and kind of change; the count stops at 10,000.',
  // The page and its size are read leniently (a bad one is the first page, the default size).
  query: z.object({ page: z.string().optional(), page_size: z.string().optional(), ...auditFilters }),
  output: wirePage(auditEntry).extend({ elements_capped: z.boolean() }),
});

/** GET manage/api/audit/export/ */
export const auditExport = defineContract({
  method: 'GET',
  base: AUDIT,
  path: 'export/',
  summary: 'The filtered history rows as a workbook (xlsx, the default) or CSV, each change in full.',
  query: z.object({ ...auditFilters, format: z.enum(['xlsx', 'csv']).optional() }),
  output: fileAnswer(XLSX, CSV),
});

/** GET manage/api/audit/resources/ */
export const auditResources = defineContract({
  method: 'GET',
  base: AUDIT,
  path: 'resources/',
  summary: 'The tables that have history, named in the reader’s language, for the audit’s filter.',
  output: z.array(z.object({ resource: z.string(), label: z.string() })),
});
