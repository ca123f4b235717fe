// GET inscription/api/aspirants/stats/?cicle_id=&campus_id=[&format=xlsx]: the admissions of a
// period counted by status, career, campus, how the applicants found the school and their school
// of origin (Inscr./Reins. › Estadísticas de aspirantes). Active applicants only (those taken off
// the board are counted apart). One SQL statement per dimension, grouped by the database; the same
// figures as a workbook, one sheet per dimension.
import ExcelJS from 'exceljs';
import { ASPIRANT_STATUSES } from '@/lib/admissions/aspirant-states';
import { getPool } from '@/server/db/client';
import { exportFileName } from '@/server/engine/export';
import { FileResult } from '@/server/engine/results';
import { XLSX } from '@/lib/contracts/contract';
import * as contracts from '@/lib/contracts/inscription';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { badRequest, msg } from '@/server/errors';

export type StatsRow = { key: string; label: string; count: number };
export type AspirantStats = { total: number; inactive: number; by_status: StatsRow[]; by_career: StatsRow[]; by_campus: StatsRow[]; by_how_find: StatsRow[]; by_school_origin: StatsRow[] };

const DIMENSIONS = {
  by_career: { join: 'LEFT JOIN careers d ON d.id = a.career_id', key: 'a.career_id', label: 'd.name' },
  by_campus: { join: 'LEFT JOIN campuses d ON d.id = a.campus_id', key: 'a.campus_id', label: 'd.name' },
  by_how_find: { join: 'LEFT JOIN catalogs d ON d.id = a.how_find_id', key: 'a.how_find_id', label: 'd.name' },
  by_school_origin: { join: 'LEFT JOIN school_origins d ON d.id = a.school_origin_id', key: 'a.school_origin_id', label: 'd.name' },
} as const;

function filterOf(query: URLSearchParams): { where: string; params: number[] } {
  const conditions: string[] = [];
  const params: number[] = [];
  for (const name of ['cicle_id', 'campus_id', 'career_id'] as const) {
    const raw = query.get(name);
    if (!raw) continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw badRequest({ [name]: [msg('errors.invalid')] });
    params.push(value);
    conditions.push(`a.${name} = $${params.length}`);
  }
  return { where: conditions.length ? `AND ${conditions.join(' AND ')}` : '', params };
}

export async function aspirantStats(query: URLSearchParams, t: (key: string) => string): Promise<AspirantStats> {
  const { where, params } = filterOf(query);
  const pool = getPool();
  const none = t('admissions.stats.unknown');
  const grouped = async (dimension: keyof typeof DIMENSIONS): Promise<StatsRow[]> => {
    const { join, key, label } = DIMENSIONS[dimension];
    const { rows } = await pool.query<{ key: number | null; label: string | null; count: number }>(
      `SELECT ${key} AS key, ${label} AS label, COUNT(*)::int AS count FROM aspirants a ${join}
       WHERE a.is_active ${where} GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
      params,
    );
    return rows.map((row) => ({ key: row.key === null ? '' : String(row.key), label: row.label ?? none, count: row.count }));
  };
  const [status, careers, campuses, howFind, schools, totals] = await Promise.all([
    pool.query<{ status: string; count: number }>(`SELECT a.status::text AS status, COUNT(*)::int AS count FROM aspirants a WHERE a.is_active ${where} GROUP BY 1`, params),
    grouped('by_career'),
    grouped('by_campus'),
    grouped('by_how_find'),
    grouped('by_school_origin'),
    pool.query<{ active: number; inactive: number }>(`SELECT COUNT(*) FILTER (WHERE a.is_active)::int AS active, COUNT(*) FILTER (WHERE NOT a.is_active)::int AS inactive FROM aspirants a WHERE true ${where}`, params),
  ]);
  const byStatus = new Map(status.rows.map((row) => [row.status, row.count]));
  return {
    total: totals.rows[0].active,
    inactive: totals.rows[0].inactive,
    // Every status, in the order of the process, even when none is in it.
    by_status: ASPIRANT_STATUSES.map((key) => ({ key, label: t(`enums.AspirantStatus.${key}`), count: byStatus.get(key) ?? 0 })),
    by_career: careers,
    by_campus: campuses,
    by_how_find: howFind,
    by_school_origin: schools,
  };
}

async function statsWorkbook(stats: AspirantStats, t: (key: string) => string): Promise<FileResult> {
  const workbook = new ExcelJS.Workbook();
  for (const dimension of ['by_status', 'by_career', 'by_campus', 'by_how_find', 'by_school_origin'] as const) {
    const sheet = workbook.addWorksheet(t(`admissions.stats.${dimension}`).slice(0, 31));
    sheet.columns = [
      { header: t(`admissions.stats.${dimension}`), key: 'label', width: 40 },
      { header: t('admissions.stats.count'), key: 'count', width: 14 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of stats[dimension]) sheet.addRow({ label: row.label, count: row.count });
    sheet.addRow({ label: t('admissions.stats.total'), count: stats[dimension].reduce((sum, row) => sum + row.count, 0) }).font = { bold: true };
  }
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return new FileResult(bytes, XLSX, exportFileName(t('admissions.stats.file'), 'xlsx'), { size: bytes.length });
}

export const aspirantStatsAction: ActionDefinition = defineAction(contracts.aspirantStats, {
  needs: 'read',
  handler: async ({ query, t }) => {
    const stats = await aspirantStats(query, t);
    return query.get('format') === 'xlsx' ? statsWorkbook(stats, t) : stats;
  },
});
