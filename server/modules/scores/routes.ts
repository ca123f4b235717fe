// The Calificaciones screens: each reads scores, finals and exams of many students, so the score
// resources and the schedules, groups and enrolments they hang off list them as readers.
export const SCORE_SCREENS = [
  'scores',
  'scores-summary',
  'scores-general_summary',
  'scores-previous',
  'scores-groups',
  'scores-fail_list',
  'scores-extras',
  'scores-pendings',
  'scores-fail_index',
  'scores-periods',
  'scores-exceptions',
] as const;

/** The screens other than `except`, for a resource that those screens only read. */
export function scoreScreensBut(...except: string[]): string[] {
  return SCORE_SCREENS.filter((route) => !except.includes(route));
}
