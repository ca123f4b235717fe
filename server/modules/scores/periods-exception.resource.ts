// scores/api/periods-exception/: a capture window opened for one schedule outside its partial's
// own window (prórroga). Teachers read those of their schedules: the capture screen honours them.
import { modelResource } from '@/server/engine/model';
import { fieldError } from '@/server/errors';
import { TEACHER_SEARCH, under } from '@/server/engine/relation-paths';
import { valueAfterWrite } from '@/server/modules/shared/fields';

export const periodExceptionsResource = modelResource({
    base: 'scores/api/periods-exception/',
    model: 'PeriodException',
    access: { routes: ['scores-exceptions'], readRoutes: ['scores-periods', 'scores', 'teacher-classes'], permission: 'period_exceptions' },
    search: ['notes', 'schedule.group.code', 'schedule.subject.code', 'schedule.subject.description', ...under('schedule', TEACHER_SEARCH)],
    ordering: ['-start'],
    // Who opened the window is the signed-in user, not something a form sends.
    readOnlyFields: ['user_id'],
    campusFilter: (campusId) => ({ partial: { cicle: { campus_id: campusId } } }),
    ownRows: { teacher: (teacherId) => ({ schedule: { teacher_id: teacherId } }) },
    inputToData: (input, { actor, existing }) => {
      const start = valueAfterWrite(input, existing, 'start') as Date | undefined;
      const end = valueAfterWrite(input, existing, 'end') as Date | undefined;
      if (start && end && end < start) throw fieldError('end', 'errors.end_after_start');
      return existing ? input : { ...input, user_id: actor.id };
    },
  });
