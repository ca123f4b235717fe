// The report calls under reports/ (spec section 7, "Reports"), which belong to no resource: the four
// GET api/get_*/ figures and their api/export_*/ workbooks, the same pair for the reports the spec
// names only as screens (students by group, teacher users, student users), the period's headline
// figures of the staff home, and attendance-list-export/ (the scheduler's attendance lists).
import type { ActionContext } from '@/server/engine/context';
import { type ActionDefinition, type ActionGroup, defineAction } from '@/server/engine/types';
import { forbidden } from '@/server/errors';
import { getPool } from '@/server/db/client';
import { attendanceListFile } from '@/server/modules/scheduler';
import { REPORT_NAMES, type ReportName } from '@/lib/reports/catalog';
import * as contracts from '@/lib/contracts/reports';
import { reportDefinition, runReport } from './figures';
import { headlineAction } from './headline';
import { REPORT_ROUTES } from './routes';
import { type ReportScope, careerWhere, mayOpen, reportScope, scopeParams } from './scope';
import { type ExtraSheet, reportWorkbook } from './workbook';

async function scopeOf(name: ReportName, ctx: ActionContext): Promise<ReportScope> {
  const definition = reportDefinition(name);
  // The group lets in anyone with a report screen; each report wants its own screen.
  if (!mayOpen(ctx.actor, definition.routes)) throw forbidden();
  return reportScope(ctx.actor, ctx.query, { periodRequired: definition.periodRequired });
}

/** The students of each group, for the second sheet of the students-by-group workbook. */
async function groupStudentsSheet(scope: ReportScope, ctx: ActionContext): Promise<ExtraSheet> {
  const { rows } = await getPool().query<{ group: string; career: string | null; no_control: string; name: string; genre: string | null; is_active: boolean }>(
    `SELECT g.code AS "group", ca.name AS career, s.no_control, concat_ws(' ', s.first_name, s.second_name, s.names) AS name, s.genre, s.is_active
       FROM groups g LEFT JOIN careers ca ON ca.id = g.career_id
       JOIN student_groups sg ON sg.group_id = g.id AND sg.status AND sg.subject_id IS NULL
       JOIN students s ON s.id = sg.student_id
      WHERE g.cicle_id = $1::int AND g.status AND ${careerWhere('ca', 'g.career_id')}
      GROUP BY g.code, ca.name, s.id ORDER BY ca.name, g.code, s.first_name, s.second_name, s.names`,
    scopeParams(scope),
  );
  const t = ctx.t;
  return {
    name: t('reports.students_sheet'),
    headers: [t('reports.groups.group'), t('reports.groups.career'), t('fields.no_control'), t('reports.student'), t('fields.genre'), t('fields.is_active')],
    rows: rows.map((row) => [row.group, row.career, row.no_control, row.name, row.genre, t(row.is_active ? 'common.yes' : 'common.no')]),
  };
}

// The period, campus and career of a report are read by reportScope from the query (the contracts
// let any text through): their messages are its own.
function reportActions(name: ReportName): ActionDefinition[] {
  const { figures, workbook } = contracts.REPORT_CONTRACTS[name];
  return [
    // GET reports/api/get_…/?cicle_id=&campus_id=&career_id=: the report's rows and totals.
    defineAction(figures, { needs: 'read', handler: async (ctx) => runReport(name, await scopeOf(name, ctx), ctx.t) }),
    // GET reports/api/export_…/: the same rows as a workbook, with the totals row.
    defineAction(workbook, {
      needs: 'read',
      handler: async (ctx) => {
        const scope = await scopeOf(name, ctx);
        const answer = await runReport(name, scope, ctx.t);
        const title = [ctx.t(`reports.titles.${name}`), scope.cicle?.description].filter(Boolean).join(' ');
        const extra = name === 'students_by_group' ? [await groupStudentsSheet(scope, ctx)] : [];
        return reportWorkbook(answer, title, ctx.t, extra);
      },
    }),
  ];
}

/** GET reports/attendance-list-export/?group_id=[&schedule_id=]&format=pdf|xlsx (or ?cicle_id=&format=zip). */
const attendanceListExport = defineAction(contracts.attendanceListExport, {
  needs: 'read',
  handler: async (ctx) => {
    if (!mayOpen(ctx.actor, ['reports-attendance_list'])) throw forbidden();
    return attendanceListFile(ctx);
  },
});

export const reportsActionGroups: ActionGroup[] = [
  {
    base: 'reports/',
    // Every report screen (and the screens that show a report's figures) lets its holder in; each
    // action then asks for its own screen. The headline figures are for any staff user.
    access: { routes: [...REPORT_ROUTES, 'permanence-new_students'], permission: 'reports' },
    actions: [...REPORT_NAMES.flatMap(reportActions), attendanceListExport, headlineAction],
  },
];
