// A schedule's weekly hours as JSON ([{week_day, start_hour, end_hour}], by day and time), for the
// statements that answer timetables (a student's load, a teacher's week).
export const scheduleHoursJson = (schedule: string) => `
  COALESCE((SELECT json_agg(json_build_object('week_day', h.week_day, 'start_hour', to_char(h.start_hour, 'HH24:MI'), 'end_hour', to_char(h.end_hour, 'HH24:MI')) ORDER BY h.week_day, h.start_hour)
            FROM schedule_hours h WHERE h.schedule_id = ${schedule}.id AND h.status), '[]'::json)`;
