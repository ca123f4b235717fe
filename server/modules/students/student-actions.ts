// The students' own calls (students/api/students/...): a period's groups by grade, a student's week
// as a file, the photos of a group or a career as a zip named by control number, and an original
// lent back to its owner (the same rule as the documents' lend_original/).
import path from 'node:path';
import { getPool, prisma } from '@/server/db/client';
import { show } from '@/server/engine/engine';
import { exportFileName } from '@/server/engine/export';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/students';
import { fieldError, forbidden, notFound } from '@/server/errors';
import { openStored } from '@/server/files/storage';
import { streamedZip } from '@/server/files/zip';
import { idParam } from '@/server/validation';
import { weekFile } from '@/server/modules/scheduler';
import { lendDocumentOf } from './document-actions';
import { peekControlNumber } from './control-number';
import { STUDENT_ACCOUNT_SELECT, newFirstPassword, portalUrl, renderWelcomeSheet, setFirstPassword } from './portal-account';
import { recordHistoryMany } from '@/server/engine/audit';
import { FileResult } from '@/server/engine/results';
import { parseId } from '@/server/engine/engine';
import { revokeUserSessions } from '@/server/auth/sessions';
import { sendNotice } from '@/server/mail/mailer';
import { UNUSABLE_PASSWORD } from '@/server/auth/password';


/**
 * GET get_groups_by_grade/?cicle_id=[&career_id=]: the period's groups by grade, each with its
 * career, shift, how many students it holds and its capacity (the screens that pick a group).
 */
const groupsByGrade = defineAction(contracts.groupsByGrade, {
  needs: 'read',
  handler: async (ctx) => {
    const cicleId = idParam(ctx.query, 'cicle_id', true);
    const careerId = idParam(ctx.query, 'career_id', false);
    const { rows } = await getPool().query<{ id: number; code: string; grade: number; group: string; shift: string | null; career_id: number | null; career: string | null; students: number; capacity: number }>(
      `SELECT g.id, g.code, g.grade, g."group", sh.description AS shift, g.career_id, c.name AS career, g.capacity,
              (SELECT count(*)::int FROM student_groups sg WHERE sg.group_id = g.id AND sg.status AND sg.is_current AND sg.subject_id IS NULL) AS students
         FROM groups g LEFT JOIN shifts sh ON sh.id = g.shift_id LEFT JOIN careers c ON c.id = g.career_id
        WHERE g.status AND g.cicle_id = $1 AND ($2::int IS NULL OR g.career_id = $2)
        ORDER BY g.grade, g.code`,
      [cicleId, careerId],
    );
    const grades = new Map<number, typeof rows>();
    for (const row of rows) grades.set(row.grade, [...(grades.get(row.grade) ?? []), row]);
    return [...grades.entries()].map(([grade, groups]) => ({ grade, groups }));
  },
});

export function studentActions(students: () => ResourceDefinition): ActionDefinition[] {
  /** GET export_schedule/?student_id=&format=xlsx|pdf: the student's week (a student, their own). */
  const exportSchedule = defineAction(contracts.studentWeek, {
    needs: 'read',
    handler: async (ctx) => {
      const id = ctx.actor.kind === 'student' ? ctx.actor.student_id! : idParam(ctx.query, 'student_id', true);
      const student = (await show(students(), ctx, id)) as { id: number; no_control: string };
      return weekFile({ kind: 'student', id: student.id }, ctx.t('scholar.files.student_week', { no_control: student.no_control }), ctx.queryInput.format ?? 'pdf', ctx.t);
    },
  });

  /**
   * GET download_photos/?group_id= | ?career_id=[&cicle_id=]: the photos of a group's (or a career's
   * active) students as a zip, each named by control number; streamed while it is written.
   */
  const downloadPhotos = defineAction(contracts.studentPhotos, {
    needs: 'read',
    handler: async (ctx) => {
      if (ctx.actor.kind !== 'staff') throw fieldError('group_id', 'errors.invalid');
      const groupId = idParam(ctx.query, 'group_id', false);
      const careerId = idParam(ctx.query, 'career_id', !groupId);
      const cicleId = idParam(ctx.query, 'cicle_id', false);
      const people = await prisma.student.findMany({
        where: {
          photo_path: { not: null },
          ...(groupId ? { student_groups: { some: { group_id: groupId, status: true, is_current: true } } } : { career_id: careerId!, is_active: true, ...(cicleId ? { cicle_id: cicleId } : {}) }),
        },
        select: { no_control: true, photo_path: true },
        orderBy: { no_control: 'asc' },
      });
      // Photos are stored compressed already: the archive only stores them.
      return streamedZip(
        exportFileName(ctx.t('scholar.files.photos'), 'zip'),
        async (append) => {
          for (const person of people) {
            const file = await openStored(person.photo_path);
            if (file) await append(file.stream, `${person.no_control}${path.extname(file.name).toLowerCase() || '.jpg'}`);
          }
        },
        0,
      );
    },
  });

  /** POST lend_document/ {document_id, date_limit}: an original lent back to its owner until that date. */
  const lendDocument = defineAction(contracts.lendStudentDocument, {
    needs: 'write',
    handler: async (ctx) => {
      const { document_id, id_document, id, ...loan } = ctx.input;
      return lendDocumentOf(ctx, String(document_id ?? id_document ?? id ?? ''), loan);
    },
  });

  /** GET next_control_number/: what a new student saved without a number would get (nothing taken). */
  const nextNumber = defineAction(contracts.nextControlNumber, {
    needs: 'write',
    handler: async () => peekControlNumber(prisma),
  });

  /** GET {id}/portal_access/: her portal account as staff see it (never its password). */
  const portalAccess = defineAction(contracts.portalAccess, {
    needs: 'read',
    handler: async (ctx) => {
      if (ctx.actor.kind !== 'staff') throw forbidden();
      const id = parseId(ctx.params.id);
      await show(students(), ctx, id);
      const student = await prisma.student.findUnique({ where: { id }, select: { user: { select: { username: true, is_active: true, password: true } } } });
      const user = student?.user;
      return { username: user?.username ?? null, active: !!user?.is_active, password_given: !!user && user.password !== UNUSABLE_PASSWORD };
    },
  });

  /**
   * POST {id}/reset_portal_access/: a new random first password (her account opened if she has
   * none), her sessions ended, the change in her history, all in one transaction; answers the
   * welcome sheet that prints it and e-mails it after the commit.
   */
  const resetPortalAccess = defineAction(contracts.resetPortalAccess, {
    needs: 'write',
    handler: async (ctx) => {
      if (ctx.actor.kind !== 'staff') throw forbidden();
      const id = parseId(ctx.params.id);
      // Her row as the caller may see it (campus, row scope): 404 otherwise.
      await show(students(), ctx, id);
      const { password, hash } = await newFirstPassword();
      const done = await prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM students WHERE id = ${id} FOR UPDATE`;
        const student = await tx.student.findUnique({ where: { id }, select: { ...STUDENT_ACCOUNT_SELECT, career: { select: { name: true } }, current_group: { select: { code: true } } } });
        if (!student) throw notFound();
        const account = await setFirstPassword(tx, ctx.actor, student, hash);
        await recordHistoryMany(tx, account.history);
        const settings = await tx.setting.findFirst({ orderBy: { id: 'asc' }, select: { institution_name: true } });
        return { student, account, institution: settings?.institution_name || 'Plantel' };
      });
      // The password she had (or a session opened with it) stops working.
      await revokeUserSessions(done.account.userId);
      const { student } = done;
      const name = [student.names, student.first_name, student.second_name].filter(Boolean).join(' ');
      const sheet = { institution: done.institution, name, no_control: student.no_control, username: done.account.username, password, url: portalUrl(), career: student.career?.name ?? null, group: student.current_group?.code ?? null };
      await sendNotice(student.email, ctx.t('scholar.portal.mail_subject', { institution: sheet.institution }), ctx.t('scholar.portal.mail_body', { name, institution: sheet.institution, url: sheet.url, username: sheet.username, password }), 'portal-access');
      const pdf = await renderWelcomeSheet(sheet, ctx.t);
      return new FileResult(new Uint8Array(pdf), 'application/pdf', `${ctx.t('scholar.portal.sheet_title')} ${student.no_control}.pdf`, { size: pdf.byteLength, cacheControl: 'private, no-store' });
    },
  });

  return [groupsByGrade, exportSchedule, downloadPhotos, lendDocument, nextNumber, portalAccess, resetPortalAccess];
}
