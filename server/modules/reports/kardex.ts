// The kardex as a document: GET reports/api/student-kardex/pdf/ (a student: their own; staff:
// ?student_id=). A PDF (pdfkit) with the institution's name, the date, the student and every
// subject by grade with its attempts, the averages and the credits. Failed subjects show 5 at most,
// as on every official document (design/domain.md).
import PDFDocument from 'pdfkit';
import { formatDate } from '@/lib/format';
import { type KardexRow, summarizeKardex } from '@/lib/grades/kardex';
import { documentScore } from '@/lib/grades/score';
import { schoolToday } from '@/lib/grades/window';
import type { Actor } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';
import type { ActionDefinition } from '@/server/engine/types';
import { badRequest, msg, notFound } from '@/server/http/errors';
import { json } from '@/server/http/respond';
import type { Translate } from '@/server/i18n/messages';
import { contentDisposition } from '@/server/files/storage';
import { gradeSettings } from '@/server/modules/scores/capture';

/** Whose kardex a call asks for: a student's own; staff name the student. */
function studentOf(actor: Actor, query: URLSearchParams): number {
  if (actor.kind === 'student') return actor.student_id!;
  const id = Number(query.get('student_id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest({ student_id: [msg('errors.required')] });
  return id;
}

export async function kardexData(studentId: number) {
  const student = await prisma.student.findUnique({
    where: { id: studentId },
    select: { id: true, no_control: true, names: true, first_name: true, second_name: true, career: { select: { name: true } } },
  });
  if (!student) throw notFound();
  const [rows, settings, setting] = await Promise.all([
    prisma.studentKardex.findMany({ where: { student_id: studentId }, orderBy: [{ grade: 'asc' }, { order: 'asc' }, { code: 'asc' }] }),
    gradeSettings(),
    prisma.setting.findFirst({ select: { institution_name: true } }),
  ]);
  const text = (value: { toFixed(): string } | null | undefined) => (value === null || value === undefined ? null : value.toFixed());
  const kardex: KardexRow[] = rows.map((row) => ({
    subject_id: row.subject_id,
    grade: row.grade,
    code: row.code,
    description: row.description,
    credit: text(row.credit) ?? '0',
    cicle_description: row.cicle_description,
    score: text(row.score),
    extra_cicle_description: row.extra_cicle_description,
    extra_score: text(row.extra_score),
    ts_cicle_description: row.ts_cicle_description,
    ts_score: text(row.ts_score),
    final_score: text(row.final_score),
  }));
  const fullName = [student.first_name, student.second_name, student.names].filter(Boolean).join(' ');
  return { student: { ...student, full_name: fullName }, institution: setting?.institution_name || 'Plantel', settings, summary: summarizeKardex(kardex, settings) };
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
export const kardexSummaryAction: ActionDefinition = {
  method: 'GET',
  path: 'summary/',
  needs: 'read',
  handler: async ({ actor, url }) => json(await kardexData(studentOf(actor, url.searchParams))),
};

export const kardexPdfAction: ActionDefinition = {
  method: 'GET',
  path: 'pdf/',
  needs: 'read',
  handler: async ({ actor, url, t }) => {
    const data = await kardexData(studentOf(actor, url.searchParams));
    const pdf = await renderKardex(data, t);
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(pdf.byteLength),
        'content-disposition': contentDisposition(`${t('grades.kardex')} ${data.student.no_control}.pdf`, url.searchParams.get('inline') === 'true'),
        'cache-control': 'private, no-store',
      },
    });
  },
};
