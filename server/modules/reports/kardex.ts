// The kardex as a document: GET reports/api/student-kardex/pdf/ (a student: their own; staff:
// ?student_id=). A PDF (pdfkit) with the institution's name, the date, the student and every
// subject by grade with its attempts, the averages and the credits. Failed subjects show 5 at most,
// as on every official document (design/domain.md).
import PDFDocument from 'pdfkit';
import { formatDate } from '@/lib/format';
import { type KardexRow, summarizeKardex } from '@/lib/grades/kardex';
import { documentScore, gradeSettingsFrom } from '@/lib/grades/score';
import { schoolToday } from '@/lib/grades/window';
import type { Actor } from '@/server/auth/actor';
import { getPool } from '@/server/db/client';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/reports';
import { notFound } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';
import { FileResult } from '@/server/engine/results';
import { idParam } from '@/server/validation';

/** Whose kardex a call asks for: a student's own; staff name the student (idParam's messages: the
 * contracts let any text through). */
function studentOf(actor: Actor, query: URLSearchParams): number {
  if (actor.kind === 'student') return actor.student_id!;
  // A number past the database's integer would fail the query: idParam refuses it.
  return idParam(query, 'student_id', true);
}

// Two plain statements on the pool: a kardex is opened often (every student, from the portal), and
// the view already does the work. trim_scale() gives decimals as the rest of the API writes them.
const KARDEX_HEAD = `
  SELECT s.id, s.no_control, s.names, s.first_name, s.second_name, c.name AS career,
         st.institution_name, trim_scale(st.min_cal)::text AS min_cal, trim_scale(st.max_cal)::text AS max_cal,
         trim_scale(st.min_approve)::text AS min_approve, st.precision_cal, st.calculate_type
  FROM students s
  LEFT JOIN careers c ON c.id = s.career_id
  LEFT JOIN LATERAL (SELECT * FROM settings ORDER BY id LIMIT 1) st ON true
  WHERE s.id = $1`;
const KARDEX_ROWS = `
  SELECT subject_id, grade, code, description, trim_scale(credit)::text AS credit, cicle_description,
         trim_scale(score)::text AS score, extra_cicle_description, trim_scale(extra_score)::text AS extra_score,
         ts_cicle_description, trim_scale(ts_score)::text AS ts_score, trim_scale(final_score)::text AS final_score
  FROM student_kardex WHERE student_id = $1
  ORDER BY grade, "order", code`;

type Head = {
  id: number;
  no_control: string;
  names: string;
  first_name: string;
  second_name: string | null;
  career: string | null;
  institution_name: string | null;
  min_cal: string | null;
  max_cal: string | null;
  min_approve: string | null;
  precision_cal: number | null;
  calculate_type: string | null;
};

export async function kardexData(studentId: number) {
  const pool = getPool();
  const [head, rows] = await Promise.all([pool.query<Head>(KARDEX_HEAD, [studentId]), pool.query<KardexRow>(KARDEX_ROWS, [studentId])]);
  const student = head.rows[0];
  if (!student) throw notFound();
  const settings = gradeSettingsFrom(student);
  const kardex = rows.rows.map((row) => ({ ...row, credit: row.credit ?? '0' }));
  return {
    student: {
      id: student.id,
      no_control: student.no_control,
      names: student.names,
      full_name: [student.first_name, student.second_name, student.names].filter(Boolean).join(' '),
      career: student.career ? { name: student.career } : null,
    },
    institution: student.institution_name || 'Plantel',
    settings,
    summary: summarizeKardex(kardex, settings),
  };
}

type Data = Awaited<ReturnType<typeof kardexData>>;

export function renderKardex(data: Data, t: Translate): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, info: { Title: `${t('grades.kardex')} ${data.student.no_control}`, Author: data.institution } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  doc.font('Helvetica-Bold').fontSize(14).text(data.institution, { align: 'center' });
  doc.font('Helvetica').fontSize(11).text(t('grades.kardex_title'), { align: 'center' });
  doc.fontSize(9).text(t('grades.kardex_date', { date: formatDate(schoolToday()) }), { align: 'right' });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(10).text(data.student.full_name);
  doc.font('Helvetica').text(`${t('grades.kardex_control')}: ${data.student.no_control}    ${t('grades.kardex_career')}: ${data.student.career?.name ?? '—'}`);
  doc.moveDown(0.5);

  // Columns: code, subject, credits, period, ordinary, extra, T.S., final.
  const columns = [
    { key: 'code', width: 60 },
    { key: 'subject', width: width - 60 - 36 - 80 - 40 - 40 - 40 - 40 },
    { key: 'credits', width: 36 },
    { key: 'period', width: 80 },
    { key: 'ord', width: 40 },
    { key: 'extra', width: 40 },
    { key: 'ts', width: 40 },
    { key: 'final', width: 40 },
  ] as const;
  const line = (cells: Record<(typeof columns)[number]['key'], string>, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const height = Math.max(...columns.map((column) => doc.heightOfString(cells[column.key], { width: column.width - 4 })));
    if (doc.y + height > bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    for (const column of columns) {
      doc.text(cells[column.key], x, y, { width: column.width - 4, align: ['code', 'subject', 'period'].includes(column.key) ? 'left' : 'right' });
      x += column.width;
    }
    doc.x = left;
    doc.y = y + height + 3;
  };
  const header = {
    code: t('grades.kardex_code'),
    subject: t('grades.kardex_subject'),
    credits: t('grades.kardex_credits_short'),
    period: t('grades.kardex_period'),
    ord: t('grades.kardex_ord'),
    extra: t('grades.kardex_extra'),
    ts: t('grades.kardex_ts'),
    final: t('grades.kardex_final'),
  };
  const score = (value: string | null) => (value === null ? '' : documentScore(value, data.settings));
  for (const grade of data.summary.grades) {
    if (doc.y + 40 > bottom) doc.addPage();
    doc.moveDown(0.3);
    doc.font('Helvetica-Bold').fontSize(10).text(`${t('grades.grade_n', { grade: grade.grade })}${grade.average ? ` · ${t('grades.kardex_average')}: ${grade.average}` : ''}`, left);
    line(header, true);
    for (const row of grade.rows) {
      line({
        code: row.code,
        subject: row.description,
        credits: row.credit,
        period: row.cicle_description ?? '',
        ord: score(row.score),
        extra: score(row.extra_score),
        ts: score(row.ts_score),
        final: score(row.final_score),
      });
    }
  }
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(10).text(`${t('grades.kardex_average')}: ${data.summary.average ?? '—'}`, left);
  doc.font('Helvetica').fontSize(9).text(`${t('grades.kardex_credits')}: ${data.summary.credits} · ${t('grades.kardex_passed', { approved: data.summary.approved, failed: data.summary.failed })}`);
  doc.end();
  return done;
}

/** GET reports/api/student-kardex/summary/: the same numbers as the PDF, for the portal page. */
export const kardexSummaryAction: ActionDefinition = defineAction(contracts.kardexSummary, {
  needs: 'read',
  handler: async ({ actor, query }) => await kardexData(studentOf(actor, query)),
});

/** GET reports/api/student-kardex/pdf/: the kardex as a PDF. */
export const kardexPdfAction: ActionDefinition = defineAction(contracts.kardexPdf, {
  needs: 'read',
  handler: async ({ actor, query, t }) => {
    const data = await kardexData(studentOf(actor, query));
    const pdf = await renderKardex(data, t);
    return new FileResult(new Uint8Array(pdf), 'application/pdf', `${t('grades.kardex')} ${data.student.no_control}.pdf`, {
      inline: query.get('inline') === 'true',
      size: pdf.byteLength,
      cacheControl: 'private, no-store',
    });
  },
});
