// GET inscription/api/aspirants/inscriptions/?cicle_id=&campus_id=&career_id=[&format=xlsx]: the
// applicants of a period who became students (Inscr./Reins. › Inscripciones): their control number
// and group, their first charges in that period (what was charged, paid and is owed) and the
// mandatory documents still missing from their file. One statement for the people and their
// money, one read of the files (students' checklists, lib/scholar/documents.ts); the same rows as a
// workbook.
import ExcelJS from 'exceljs';
import type { InscriptionRow, InscriptionsAnswer } from '@/lib/admissions/inscriptions';
import { pendingDocumentNames } from '@/lib/scholar/documents';
import { getPool, prisma } from '@/server/db/client';
import { exportFileName } from '@/server/engine/export';
import { FileResult } from '@/server/engine/results';
import { XLSX } from '@/lib/contracts/contract';
import * as contracts from '@/lib/contracts/inscription';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { forbidden } from '@/server/errors';
import { idParam } from '@/server/validation';
import { checklists } from '@/server/modules/students';



export async function inscriptions(query: URLSearchParams): Promise<InscriptionsAnswer> {
  const cicleId = idParam(query, 'cicle_id', true);
  const campusId = idParam(query, 'campus_id', false);
  const careerId = idParam(query, 'career_id', false);
  const { rows } = await getPool().query<Omit<InscriptionRow, 'pending_documents'>>(
    `SELECT a.id AS aspirant_id, s.id AS student_id, s.no_control,
            concat_ws(' ', s.first_name, s.second_name, s.names) AS name,
            c.name AS career, sh.description AS shift, g.code AS "group",
            to_char(s.created_at, 'YYYY-MM-DD') AS inscribed_at,
            coalesce(m.charged, 0)::numeric(12,2)::text AS charged,
            coalesce(m.paid, 0)::numeric(12,2)::text AS paid,
            coalesce(m.debt, 0)::numeric(12,2)::text AS debt
       FROM aspirants a
       JOIN students s ON s.id = a.student_id
       LEFT JOIN careers c ON c.id = s.career_id
       LEFT JOIN shifts sh ON sh.id = a.shift_id
       LEFT JOIN groups g ON g.id = s.current_group_id
       LEFT JOIN LATERAL (
         SELECT sum(x.total_neto) AS charged, sum(x.total_paid) AS paid, sum(x.total_debt) AS debt
           FROM sales x
          WHERE x.status AND (x.student_id = s.id OR x.aspirant_id = a.id)
            AND (x.cicle_id = $1 OR (x.cicle_id IS NULL AND x.aspirant_id = a.id))
       ) m ON true
      WHERE a.status = 'INS' AND a.cicle_id = $1
        AND ($2::int IS NULL OR a.campus_id = $2) AND ($3::int IS NULL OR s.career_id = $3)
      ORDER BY s.first_name, s.second_name, s.names, s.id`,
    [cicleId, campusId, careerId],
  );
  const files = await checklists(prisma, { kind: 'student', ids: rows.map((row) => row.student_id) });
  const result = rows.map((row) => ({ ...row, pending_documents: pendingDocumentNames(files.get(row.student_id) ?? []) }));
  return {
    total: result.length,
    with_debt: result.filter((row) => Number(row.debt) > 0).length,
    with_pending_documents: result.filter((row) => row.pending_documents.length > 0).length,
    rows: result,
  };
}

async function workbook(answer: InscriptionsAnswer, t: (key: string) => string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t('admissions.inscriptions.title').slice(0, 31));
  sheet.columns = [
    { header: t('fields.no_control'), key: 'no_control', width: 14 },
    { header: t('admissions.inscriptions.name'), key: 'name', width: 36 },
    { header: t('fields.career'), key: 'career', width: 32 },
    { header: t('fields.shift'), key: 'shift', width: 14 },
    { header: t('fields.group'), key: 'group', width: 12 },
    { header: t('admissions.inscriptions.inscribed_at'), key: 'inscribed_at', width: 14, style: { numFmt: 'dd/mm/yyyy' } },
    { header: t('admissions.inscriptions.charged'), key: 'charged', width: 14, style: { numFmt: '"$"#,##0.00' } },
    { header: t('fields.total_paid'), key: 'paid', width: 14, style: { numFmt: '"$"#,##0.00' } },
    { header: t('fields.total_debt'), key: 'debt', width: 14, style: { numFmt: '"$"#,##0.00' } },
    { header: t('admissions.inscriptions.pending_documents'), key: 'pending_documents', width: 48 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of answer.rows) {
    sheet.addRow({
      ...row,
      inscribed_at: new Date(`${row.inscribed_at}T00:00:00Z`),
      // Money goes in as exact decimals read from text; the cell shows two places.
      charged: Number(row.charged),
      paid: Number(row.paid),
      debt: Number(row.debt),
      pending_documents: row.pending_documents.join(', '),
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const inscriptionsAction: ActionDefinition = defineAction(contracts.periodInscriptions, {
  needs: 'read',
  handler: async (ctx) => {
    // Staff only: applicants read their own application, never the period's list.
    if (ctx.actor.kind !== 'staff') throw forbidden();
    const answer = await inscriptions(ctx.query);
    if (ctx.query.get('format') !== 'xlsx') return answer;
    const bytes = await workbook(answer, ctx.t);
    return new FileResult(bytes, XLSX, exportFileName(ctx.t('admissions.inscriptions.file'), 'xlsx'), { size: bytes.length });
  },
});
