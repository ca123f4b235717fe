// What the grades actions answer, shared by the server that writes it and the screens that read it:
// the shapes their contracts state (lib/contracts/scores.ts, scheduler.ts), by name.
import type { z } from 'zod';
import type { captureClass, consolidationLine, currentLoadRow, examSchedule, partialScores } from '@/lib/contracts/scores';
import type { teacherWeekRow } from '@/lib/contracts/scheduler';

/** A student's line of the main scores in a schedule: ordinary partials, final, extra and T.S. */
export type PartialScores = z.output<typeof partialScores>;

/** get_schedules/: one exam (schedule and kind) of the period with its requests and dates. */
export type ExamSchedule = z.output<typeof examSchedule>;

/** get_current_load/: a subject the student takes this period, its hours and scores so far. */
export type CurrentLoadRow = z.output<typeof currentLoadRow>;

/** detail_for_modify/: what a student's captured scores give next to the kept subject-cicle line. */
export type ConsolidationLine = z.output<typeof consolidationLine>;

/** scheduler week/: a teacher's class of the period and its weekly hours. */
export type TeacherWeekRow = z.output<typeof teacherWeekRow>;

/** capture_classes/: a class (schedule) of the period whose partials can be opened in the capture sheet. */
export type CaptureClass = z.output<typeof captureClass>;
