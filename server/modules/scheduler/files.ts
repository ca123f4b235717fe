// The files control escolar prints from the scheduler: a week of classes (a group's, a teacher's or
// a student's) as xlsx and PDF, and the attendance lists of a group's classes (its students in
// order, the days each class meets in the period as columns) as PDF and xlsx — one group, or every
// group of a period as a zip of PDFs streamed while it is written (archiver).
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { formatDate } from '@/lib/format';
import { minutesOf } from '@/lib/scholar/clash';
import { type WeekClass, classDates, weekGrid } from '@/lib/scholar/week';
import { getPool } from '@/server/db/client';
import { exportFileName } from '@/server/engine/export';
import { FileResult } from '@/server/engine/results';
import { streamedZip } from '@/server/files/zip';
import type { ActionContext } from '@/server/engine/context';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import type { ActionContract } from '@/lib/contracts/contract';
import { formatParam } from '@/server/validation';
import type { Translate } from '@/server/i18n/messages';
import { scheduleHoursJson } from './hours-sql';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function institution(): Promise<string> {
  const { rows } = await getPool().query<{ institution_name: string | null }>('SELECT institution_name FROM settings ORDER BY id LIMIT 1');
  return rows[0]?.institution_name || 'Plantel';
}

// ---------------------------------------------------------------------------------------------
// Weeks.

export type WeekOwner = { kind: 'group'; id: number } | { kind: 'teacher'; id: number; cicle_id: number } | { kind: 'student'; id: number };

const WEEK_FILTER: Record<WeekOwner['kind'], string> = {
  group: 's.group_id = $1',
  teacher: 's.teacher_id = $1 AND g.cicle_id = $2',
  student: `EXISTS (SELECT 1 FROM student_groups sg WHERE sg.student_id = $1 AND sg.group_id = s.group_id AND sg.status AND sg.is_current
                    AND (sg.subject_id IS NULL OR sg.subject_id = s.subject_id))`,
};

/** The classes of a week with their hours (in minutes). */
export async function weekClasses(owner: WeekOwner): Promise<WeekClass[]> {
  const { rows } = await getPool().query<{ schedule_id: number; subject: string; group: string; teacher: string | null; hours: { week_day: number; start_hour: string; end_hour: string }[] }>(
    `SELECT s.id AS schedule_id, concat_ws(' ', sub.code, sub.description) AS subject, g.code AS "group",
            CASE WHEN t.id IS NULL THEN NULL ELSE concat_ws(' ', t.first_name, t.second_name, t.names) END AS teacher,
            ${scheduleHoursJson('s')} AS hours
       FROM schedules s JOIN groups g ON g.id = s.group_id JOIN subjects sub ON sub.id = s.subject_id LEFT JOIN teachers t ON t.id = s.teacher_id
      WHERE s.status AND ${WEEK_FILTER[owner.kind]}
      ORDER BY sub."order", sub.code`,
    owner.kind === 'teacher' ? [owner.id, owner.cicle_id] : [owner.id],
  );
  return rows.map((row) => ({ ...row, hours: row.hours.map((hour) => ({ week_day: hour.week_day, start: minutesOf(hour.start_hour), end: minutesOf(hour.end_hour) })) }));
}

const cellText = (item: WeekClass, owner: WeekOwner['kind']) => [item.subject, owner === 'group' ? item.teacher : owner === 'teacher' ? item.group : [item.group, item.teacher].filter(Boolean).join(' · ')].filter(Boolean).join('\n');

export async function weekFile(owner: WeekOwner, title: string, format: 'xlsx' | 'pdf', t: Translate): Promise<FileResult> {
  const grid = weekGrid(await weekClasses(owner));
  const dayNames = grid.days.map((day) => t(`scholar.files.days.${day}`));
  if (format === 'xlsx') {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(t('scholar.files.week').slice(0, 31));
    sheet.addRow([title]).font = { bold: true, size: 12 };
    const header = sheet.addRow([t('scholar.files.hour'), ...dayNames]);
    header.font = { bold: true };
    for (const row of grid.rows) {
      const line = sheet.addRow([row.label, ...row.cells.map((cell) => (cell ? cellText(cell, owner.kind) : ''))]);
      line.alignment = { wrapText: true, vertical: 'top' };
    }
    sheet.columns.forEach((column, index) => (column.width = index === 0 ? 14 : 30));
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    return new FileResult(new Uint8Array(bytes), XLSX, exportFileName(title, 'xlsx'), { size: bytes.length });
  }
  const school = await institution();
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 30, info: { Title: title, Author: school } });
  const done = collect(doc);
  doc.font('Helvetica-Bold').fontSize(13).text(school, { align: 'center' });
  doc.font('Helvetica').fontSize(11).text(title, { align: 'center' });
  doc.moveDown(0.5);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const first = 70;
  const column = (width - first) / grid.days.length;
  let y = doc.y;
  const line = (cells: string[], height: number, bold: boolean) => {
    if (y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    cells.forEach((text, index) => {
      const x = index === 0 ? left : left + first + (index - 1) * column;
      const w = index === 0 ? first : column;
      doc.rect(x, y, w, height).stroke('#999999');
      doc.fillColor('#000000').text(text, x + 3, y + 3, { width: w - 6, height: height - 4, ellipsis: true });
    });
    y += height;
  };
  line([t('scholar.files.hour'), ...dayNames], 16, true);
  for (const row of grid.rows) line([row.label, ...row.cells.map((cell) => (cell ? cellText(cell, owner.kind) : ''))], 34, false);
  if (!grid.rows.length) doc.font('Helvetica').fontSize(10).text(t('scholar.files.no_classes'), left, y + 10);
  doc.end();
  const bytes = await done;
  return new FileResult(new Uint8Array(bytes), 'application/pdf', exportFileName(title, 'pdf'), { size: bytes.length });
}

/**
 * GET export_schedule/?format=pdf|xlsx of a group, a teacher or a student: `resolve` finds whose
 * week it is (through the caller's row scope) and its title. `contract` is the action's at its
 * resource (lib/contracts: a `format` of weekFileFormat and an answer of weekFileAnswer, with the
 * owner's ids); the format and the ids are read from the query here, so any such contract fits.
 */
export function exportScheduleAction(resolve: (ctx: ActionContext) => Promise<{ owner: WeekOwner; title: string }>, contract?: ActionContract): ActionDefinition {
  const handler = async (ctx: ActionContext) => {
    const kind = formatParam(ctx.query, ['pdf', 'xlsx'] as const);
    const { owner, title } = await resolve(ctx);
    return weekFile(owner, title, kind, ctx.t);
  };
  if (contract) return defineAction(contract, { needs: 'read', handler });
  return { method: 'GET', path: 'export_schedule/', needs: 'read', handler };
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}

// ---------------------------------------------------------------------------------------------
// Attendance lists.

export type AttendanceList = {
  schedule_id: number;
  group: string;
  subject: string;
  teacher: string | null;
  cicle: string;
  dates: string[];
  students: { no_control: string; name: string }[];
};

/** The attendance lists of classes (one group's, or every group's of a period), in group and subject order. */
export async function attendanceLists(filter: { group_id?: number; schedule_id?: number; cicle_id?: number }): Promise<AttendanceList[]> {
  const pool = getPool();
  const { rows: classes } = await pool.query<{
    schedule_id: number;
    group_id: number;
    subject_id: number;
    group: string;
    subject: string;
    teacher: string | null;
    cicle: string;
    date_from: string;
    date_to: string;
    weekdays: number[];
  }>(
    `SELECT s.id AS schedule_id, s.group_id, s.subject_id, g.code AS "group", concat_ws(' ', sub.code, sub.description) AS subject,
            CASE WHEN t.id IS NULL THEN NULL ELSE concat_ws(' ', t.first_name, t.second_name, t.names) END AS teacher,
            c.description AS cicle,
            to_char(coalesce(s.date_from, c.start), 'YYYY-MM-DD') AS date_from, to_char(coalesce(s.date_to, c."end"), 'YYYY-MM-DD') AS date_to,
            coalesce((SELECT array_agg(DISTINCT h.week_day) FROM schedule_hours h WHERE h.schedule_id = s.id AND h.status), '{}') AS weekdays
       FROM schedules s JOIN groups g ON g.id = s.group_id JOIN cicles c ON c.id = g.cicle_id JOIN subjects sub ON sub.id = s.subject_id
       LEFT JOIN teachers t ON t.id = s.teacher_id
      WHERE s.status AND g.status AND ($1::int IS NULL OR s.group_id = $1) AND ($2::int IS NULL OR s.id = $2) AND ($3::int IS NULL OR g.cicle_id = $3)
      ORDER BY g.code, sub."order", sub.code`,
    [filter.group_id ?? null, filter.schedule_id ?? null, filter.cicle_id ?? null],
  );
  if (!classes.length) return [];
  // Each class's students: the group's current students as a whole, and those who take only that subject there.
  const { rows: students } = await pool.query<{ group_id: number; subject_id: number | null; no_control: string; name: string }>(
    `SELECT sg.group_id, sg.subject_id, st.no_control, concat_ws(' ', st.first_name, st.second_name, st.names) AS name
       FROM student_groups sg JOIN students st ON st.id = sg.student_id
      WHERE sg.group_id = ANY($1::int[]) AND sg.status AND sg.is_current AND st.is_active
      ORDER BY st.first_name, st.second_name, st.names, st.no_control`,
    [[...new Set(classes.map((item) => item.group_id))]],
  );
  return classes.map((item) => ({
    schedule_id: item.schedule_id,
    group: item.group,
    subject: item.subject,
    teacher: item.teacher,
    cicle: item.cicle,
    dates: classDates(item.date_from, item.date_to, item.weekdays),
    students: students.filter((row) => row.group_id === item.group_id && (row.subject_id === null || row.subject_id === item.subject_id)).map(({ no_control, name }) => ({ no_control, name })),
  }));
}

/** Dates per page of a list: the rest goes on the next page, students repeated. */
const DATES_PER_PAGE = 22;
const ROWS_PER_PAGE = 30;

/** One PDF with a page (or more) per list. */
export async function attendancePdf(lists: readonly AttendanceList[], title: string, t: Translate, school?: string): Promise<Buffer> {
  const name = school ?? (await institution());
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 28, autoFirstPage: false, info: { Title: title, Author: name } });
  const done = collect(doc);
  for (const list of lists) {
    const dateChunks = list.dates.length ? Array.from({ length: Math.ceil(list.dates.length / DATES_PER_PAGE) }, (_, i) => list.dates.slice(i * DATES_PER_PAGE, (i + 1) * DATES_PER_PAGE)) : [[]];
    const studentChunks = list.students.length ? Array.from({ length: Math.ceil(list.students.length / ROWS_PER_PAGE) }, (_, i) => list.students.slice(i * ROWS_PER_PAGE, (i + 1) * ROWS_PER_PAGE)) : [[]];
    for (const dates of dateChunks) {
      for (const [chunk, students] of studentChunks.entries()) {
        doc.addPage();
        const left = doc.page.margins.left;
        const width = doc.page.width - left - doc.page.margins.right;
        doc.font('Helvetica-Bold').fontSize(11).text(name, left, doc.page.margins.top, { width, align: 'center' });
        doc.font('Helvetica').fontSize(10).text(t('scholar.files.attendance_title'), { width, align: 'center' });
        doc.fontSize(8).text(`${t('fields.group')}: ${list.group}    ${t('fields.subject')}: ${list.subject}    ${t('fields.teacher')}: ${list.teacher ?? '—'}    ${t('fields.cicle')}: ${list.cicle}`, { width });
        let y = doc.y + 6;
        const numberWidth = 18;
        const controlWidth = 58;
        const nameWidth = 170;
        const dateWidth = Math.min(26, (width - numberWidth - controlWidth - nameWidth) / Math.max(1, dates.length));
        const rowHeight = 14;
        const cell = (text: string, x: number, w: number, bold = false) => {
          doc.rect(x, y, w, rowHeight).stroke('#999999');
          doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(6.5).fillColor('#000000').text(text, x + 2, y + 4, { width: w - 4, height: rowHeight - 2, ellipsis: true, lineBreak: false });
        };
        cell('#', left, numberWidth, true);
        cell(t('fields.no_control'), left + numberWidth, controlWidth, true);
        cell(t('scholar.files.student'), left + numberWidth + controlWidth, nameWidth, true);
        dates.forEach((date, index) => cell(formatDate(date).slice(0, 5), left + numberWidth + controlWidth + nameWidth + index * dateWidth, dateWidth, true));
        y += rowHeight;
        students.forEach((student, index) => {
          cell(String(chunk * ROWS_PER_PAGE + index + 1), left, numberWidth);
          cell(student.no_control, left + numberWidth, controlWidth);
          cell(student.name, left + numberWidth + controlWidth, nameWidth);
          dates.forEach((_date, column) => cell('', left + numberWidth + controlWidth + nameWidth + column * dateWidth, dateWidth));
          y += rowHeight;
        });
        if (!students.length) doc.font('Helvetica').fontSize(9).text(t('scholar.files.no_students'), left, y + 6);
      }
    }
  }
  if (!lists.length) {
    doc.addPage();
    doc.font('Helvetica').fontSize(10).text(t('scholar.files.no_classes'));
  }
  doc.end();
  return done;
}

/** One workbook, a sheet per list, every date of the period as a column. */
export async function attendanceXlsx(lists: readonly AttendanceList[], t: Translate): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const used = new Set<string>();
  for (const list of lists) {
    let name = `${list.group} ${list.subject}`.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31);
    for (let n = 2; used.has(name); n += 1) name = `${name.slice(0, 27)} (${n})`;
    used.add(name);
    const sheet = book.addWorksheet(name);
    sheet.addRow([`${list.group} · ${list.subject} · ${list.teacher ?? '—'} · ${list.cicle}`]).font = { bold: true };
    sheet.addRow(['#', t('fields.no_control'), t('scholar.files.student'), ...list.dates.map((date) => formatDate(date).slice(0, 5))]).font = { bold: true };
    list.students.forEach((student, index) => sheet.addRow([index + 1, student.no_control, student.name]));
    sheet.getColumn(2).width = 12;
    sheet.getColumn(3).width = 36;
  }
  if (!lists.length) book.addWorksheet(t('scholar.files.attendance_title').slice(0, 31));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Every group of a period: one PDF per group in a zip, written while it is sent. */
export async function attendanceZip(cicleId: number, t: Translate): Promise<FileResult> {
  const { rows: groups } = await getPool().query<{ id: number; code: string }>('SELECT id, code FROM groups WHERE cicle_id = $1 AND status ORDER BY code', [cicleId]);
  const school = await institution();
  const title = t('scholar.files.attendance_title');
  // Groups are drawn one at a time while the archive is read: memory stays at one group's lists.
  return streamedZip(exportFileName(title, 'zip'), async (append) => {
    for (const group of groups) {
      const pdf = await attendancePdf(await attendanceLists({ group_id: group.id }), `${title} ${group.code}`, t, school);
      await append(pdf, `${group.code.replace(/[\\/:*?"<>|]/g, '_')}.pdf`);
    }
  });
}
