// The screens of the Reportes submenu (and the attendance list, a report kept under Académico):
// every report view is readable from any of them.
import { STAFF_ROUTES } from '@/lib/menu';

export const REPORT_ROUTES: readonly string[] = STAFF_ROUTES.filter((route) => route.startsWith('reports-'));
