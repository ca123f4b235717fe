// The groups' own calls (scheduler/api/groups/...): a group's students, its boss (one per group),
// its week as a file, and its attendance lists. The group is read through the resource's row
// scope first: a teacher reaches only the groups they teach or tutor (another's answers 404).
import * as contracts from '@/lib/contracts/scheduler';
import { prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import type { ActionContext } from '@/server/engine/context';
import { show } from '@/server/engine/engine';
import { FileResult } from '@/server/engine/results';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import { fieldError } from '@/server/errors';
import { formatParam, idParam } from '@/server/validation';
import { attendanceLists, attendancePdf, attendanceXlsx, attendanceZip, exportScheduleAction } from './files';
import { periodLoads } from './loads';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';



/** The group, read as the caller may read it (404 outside their scope). */
async function visibleGroup(groups: () => ResourceDefinition, ctx: ActionContext, id: number) {
  const row = (await show(groups(), ctx, id)) as { id: number; code: string };
  return row;
}

/** The students of a group now: the whole group and those who take a subject there. */
export async function groupStudents(groupId: number) {
  const rows = await prisma.studentGroup.findMany({
    where: { group_id: groupId, status: true, is_current: true },
    select: { id: true, is_boss: true, subject: { select: { id: true, code: true, description: true } }, student: { select: { id: true, no_control: true, names: true, first_name: true, second_name: true, is_active: true, photo_path: true } } },
    orderBy: [{ student: { first_name: 'asc' } }, { student: { second_name: 'asc' } }, { student: { names: 'asc' } }],
  });
  return rows.map((row) => ({
    id: row.student.id,
    enrolment_id: row.id,
    no_control: row.student.no_control,
    full_name: [row.student.first_name, row.student.second_name, row.student.names].filter(Boolean).join(' '),
    is_active: row.student.is_active,
    is_boss: row.is_boss,
    has_photo: !!row.student.photo_path,
    subject: row.subject ? `${row.subject.code} ${row.subject.description}` : null,
  }));
}

/**
 * The attendance lists as a file, asked as export_attendance/ asks them (also answered at the
 * spec's reports/attendance-list-export/): ?group_id=[&schedule_id=]&format=pdf|xlsx, or
 * ?cicle_id=&format=zip for every group of a period. The group is read through the caller's scope.
 */
export async function attendanceFile(groups: () => ResourceDefinition, ctx: ActionContext): Promise<FileResult> {
  const kind = formatParam(ctx.query, ['pdf', 'xlsx', 'zip'] as const);
  if (kind === 'zip') {
    if (ctx.actor.kind !== 'staff') throw fieldError('format', 'errors.choice');
    return attendanceZip(idParam(ctx.query, 'cicle_id', true), ctx.t);
  }
  const group = await visibleGroup(groups, ctx, idParam(ctx.query, 'group_id', true));
  const scheduleId = idParam(ctx.query, 'schedule_id', false);
  const lists = await attendanceLists({ group_id: group.id, schedule_id: scheduleId ?? undefined });
  const title = `${ctx.t('scholar.files.attendance_title')} ${group.code}`;
  if (kind === 'xlsx') {
    const bytes = await attendanceXlsx(lists, ctx.t);
    return new FileResult(new Uint8Array(bytes), XLSX, `${title}.xlsx`, { size: bytes.length });
  }
  const bytes = await attendancePdf(lists, title, ctx.t);
  return new FileResult(new Uint8Array(bytes), 'application/pdf', `${title}.pdf`, { size: bytes.length, inline: ctx.query.get('inline') === 'true' });
}

export function groupActions(groups: () => ResourceDefinition): ActionDefinition[] {
  // The group ids of the query are read by idParam (the contracts let any text through): their
  // messages are its own.

  /** GET list_students/?group_id=: the group's students in order, the boss marked. */
  const listStudents = defineAction(contracts.groupStudents, {
    needs: 'read',
    handler: async (ctx) => {
      const group = await visibleGroup(groups, ctx, idParam(ctx.query, 'group_id', true));
      return { group: { id: group.id, code: group.code }, students: await groupStudents(group.id) };
    },
  });

  /** POST set_group_boss/ {group_id, student_id}: one boss per group, a student of it. */
  const setGroupBoss = defineAction(contracts.setGroupBoss, {
    needs: 'write',
    handler: async (ctx) => {
      const { group_id: groupId, student_id: studentId } = ctx.input;
      await visibleGroup(groups, ctx, groupId);
      return prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM groups WHERE id = ${groupId} FOR UPDATE`;
        const group = await tx.group.findUniqueOrThrow({ where: { id: groupId }, select: { boss_id: true } });
        if (studentId) {
          const member = await tx.studentGroup.findFirst({ where: { group_id: groupId, student_id: studentId, status: true, is_current: true, subject_id: null }, select: { id: true } });
          if (!member) throw fieldError('student_id', 'scholar.groups.boss_not_member');
        }
        // The mark on the enrolments is the student's module's to write (loaded when used: the
        // students module reaches the scheduler's index in turn).
        const { setGroupBoss: markBoss } = await import('@/server/modules/students');
        const unmarked = await markBoss(tx, ctx.actor, groupId, studentId);
        await tx.group.update({ where: { id: groupId }, data: { boss_id: studentId } });
        await recordHistoryMany(tx, [{ table: 'groups', recordId: groupId, type: '~', actor: ctx.actor, changes: [{ field: 'boss_id', old: group.boss_id, new: studentId }] }, ...unmarked]);
        return { group_id: groupId, boss_id: studentId };
      });
    },
  });

  /** GET export_schedule/?group_id=&format=xlsx|pdf: the group's week. */
  const exportSchedule = exportScheduleAction(async (ctx) => {
    const group = await visibleGroup(groups, ctx, idParam(ctx.query, 'group_id', true));
    return { owner: { kind: 'group', id: group.id }, title: ctx.t('scholar.files.group_week', { group: group.code }) };
  }, contracts.groupWeekFile);

  /**
   * GET export_attendance/?group_id=[&schedule_id=]&format=pdf|xlsx: the attendance lists of a
   * group's classes (or one); ?cicle_id=&format=zip: every group of the period, a PDF each.
   */
  const exportAttendance = defineAction(contracts.groupAttendanceFile, { needs: 'read', handler: (ctx) => attendanceFile(groups, ctx) });

  /**
   * GET week/?group_id=: the group's classes with their teacher and weekly slots (each slot's id),
   * the group's plan and grade, and its teachers' loads in the period — what the week builder shows
   * and changes.
   */
  const week = defineAction(contracts.groupWeek, {
    needs: 'read',
    handler: async (ctx) => {
      const group = await visibleGroup(groups, ctx, idParam(ctx.query, 'group_id', true));
      const [detail, classes] = await Promise.all([
        prisma.group.findUniqueOrThrow({ where: { id: group.id }, select: { id: true, code: true, grade: true, study_plan_id: true, cicle_id: true, career_id: true, capacity: true } }),
        prisma.schedule.findMany({
          where: { group_id: group.id, status: true },
          orderBy: [{ subject: { order: 'asc' } }, { subject: { code: 'asc' } }],
          select: {
            id: true,
            subject: { select: { id: true, code: true, description: true } },
            teacher: { select: { id: true, names: true, first_name: true, second_name: true } },
            schedule_hours: { where: { status: true }, orderBy: [{ week_day: 'asc' }, { start_hour: 'asc' }], select: { id: true, week_day: true, start_hour: true, end_hour: true } },
          },
        }),
      ]);
      const time = (value: Date) => value.toISOString().slice(11, 16);
      const teacherIds = [...new Set(classes.flatMap((item) => (item.teacher ? [item.teacher.id] : [])))];
      return {
        group: detail,
        // Each teacher's week in the whole period against their contract: staff see it as they assign.
        loads: teacherIds.length ? await periodLoads(detail.cicle_id, teacherIds) : [],
        classes: classes.map((item) => ({
          id: item.id,
          subject: { id: item.subject.id, label: `${item.subject.code} ${item.subject.description}` },
          teacher: item.teacher ? { id: item.teacher.id, label: [item.teacher.first_name, item.teacher.second_name, item.teacher.names].filter(Boolean).join(' ') } : null,
          hours: item.schedule_hours.map((hour) => ({ id: hour.id, week_day: hour.week_day, start_hour: time(hour.start_hour), end_hour: time(hour.end_hour) })),
        })),
      };
    },
  });

  return [listStudents, setGroupBoss, exportSchedule, exportAttendance, week];
}
