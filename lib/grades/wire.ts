// What the grades actions answer, shared by the server that writes it and the screens that read it.

/** A student's line of the main scores in a schedule: ordinary partials, final, extra and T.S. */
export type PartialScores = {
  ord_1: string | null;
  ord_2: string | null;
  ord_3: string | null;
  ord_4: string | null;
  final: string | null;
  extra: string | null;
  ts: string | null;
};

/** get_schedules/: one exam (schedule and kind) of the period with its requests and dates. */
export type ExamSchedule = {
  schedule_id: number;
  category: 'X' | 'T';
  subject_code: string;
  subject_description: string;
  group_code: string;
  teacher: string | null;
  requests: number;
  approved: number;
  graded: number;
  exam_date: string | null;
  limit_capture: string | null;
  mixed_dates: boolean;
};

/** get_current_load/: a subject the student takes this period, its hours and scores so far. */
export type CurrentLoadRow = PartialScores & {
  schedule_id: number;
  subject_id: number;
  subject_code: string;
  subject_description: string;
  grade: number | null;
  credit: string | null;
  group_id: number;
  group_code: string;
  cicle_id: number;
  cicle_description: string;
  teacher: string | null;
  hours: { week_day: number; start_hour: string; end_hour: string }[];
};

/** detail_for_modify/: what a student's captured scores give next to the kept subject-cicle line. */
export type ConsolidationLine = PartialScores & {
  id: number | null;
  student_id: number;
  no_control: string;
  full_name: string;
  subject_id: number;
  subject_code: string;
  subject_description: string;
  schedule_id: number;
  final_score: string | null;
  extra_score: string | null;
  ts_score: string | null;
  differs: boolean;
};

/** scheduler week/: a teacher's class of the period and its weekly hours. */
export type TeacherWeekRow = {
  schedule_id: number;
  subject_code: string;
  subject_description: string;
  group_code: string;
  hours: { week_day: number; start_hour: string; end_hour: string }[];
  week_minutes: number;
};

/** capture_classes/: a class (schedule) of the period whose partials can be opened in the capture sheet. */
export type CaptureClass = {
  schedule_id: number;
  group_id: number;
  group_code: string;
  subject_code: string;
  subject_description: string;
  teacher: string | null;
};
