// The students' own calls (students/api/students/...): a period's groups by grade, a student's week
// as a file, the photos of a group or a career as a zip named by control number, and an original
// lent back to its owner (the same rule as the documents' lend_original/).
import path from 'node:path';
import { getPool, prisma } from '@/server/db/client';
import { show } from '@/server/engine/engine';
import { exportFileName } from '@/server/engine/export';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/students';
import { fieldError } from '@/server/errors';
import { openStored } from '@/server/files/storage';
import { streamedZip } from '@/server/files/zip';
import { idParam } from '@/server/validation';
import { weekFile } from '@/server/modules/scheduler';
import { lendDocumentOf } from './document-actions';


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

  return [groupsByGrade, exportSchedule, downloadPhotos, lendDocument];
}
