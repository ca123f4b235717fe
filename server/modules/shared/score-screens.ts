// The Calificaciones screens: each reads scores, finals and exams of many students, so the score
// resources and the schedules, groups and enrolments they hang off list them as readers.
import { STAFF_MENU } from '@/lib/menu';

export const SCORE_SCREENS: readonly string[] = STAFF_MENU.find((submenu) => submenu.key === 'scores')?.items.map((item) => item.route) ?? [];

/** The screens other than `except`, for a resource that those screens only read. */
export function scoreScreensBut(...except: string[]): string[] {
  return SCORE_SCREENS.filter((route) => !except.includes(route));
}
