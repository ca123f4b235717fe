// The side menus: the staff menu's submenus and items (spec section 2), the student portal's
// items, and how a URL maps to the route name that authorizes it. Titles are message keys
// (messages/*.json, namespace "menu").

export type MenuItem = {
  route: string;
  path: string;
  icon: string;
  /** A screen of another item's route, listed on its own so people find it (the week builder, part
   * of "Horarios"): shown to, and opened by, whoever may open that route; not a right of its own. */
  authorizedBy?: string;
};
export type Submenu = { key: string; icon: string; items: MenuItem[] };

/** `academic-teachers` -> `/academic/teachers`; the index route is `/`. */
export function routePath(route: string): string {
  return route === 'index' ? '/' : `/${route.replace(/-/g, '/')}`;
}

/**
 * Screens that are not menu items are authorized by the menu route they belong to, e.g. the
 * invoicing catalogues by "invoices-catalogs" and a teacher's capture screens by "teacher-classes".
 */
const PARENT_ROUTE: Record<string, string> = {
  // The week builder (Horarios por grupo) is part of Horarios: the same right opens both.
  'scholar-scheduler-groups': 'scholar-scheduler',
  'academic-families': 'scholar-students',
  'permanence-aspirants_stats': 'permanence-aspirants',
  'invoices-cfdi_types': 'invoices-catalogs',
  'invoices-fiscal_regimes': 'invoices-catalogs',
  'invoices-invoice_taxes': 'invoices-catalogs',
  'invoices-payment_forms': 'invoices-catalogs',
  'invoices-payment_methods': 'invoices-catalogs',
  'invoices-prod_servs': 'invoices-catalogs',
  'invoices-type_relations': 'invoices-catalogs',
  'invoices-type_vouchers': 'invoices-catalogs',
  'invoices-units': 'invoices-catalogs',
  'settings-test': 'settings',
  test: 'settings',
  'teacher-scores': 'teacher-classes',
  'teacher-extras': 'teacher-classes',
  'teacher-ts': 'teacher-classes',
  'scholar-revalid': 'scholar-students',
  'portal-eval_teacher': 'portal-polls',
  'polls-aplications-status': 'polls-aplications',
  // One's own account (the user menu's "My sessions"): every signed-in user, as the home page.
  'account-sessions': 'index',
};

function items(icon: string, routes: string[]): MenuItem[] {
  return routes.map((route) => ({ route, path: routePath(route), icon, ...(PARENT_ROUTE[route] ? { authorizedBy: PARENT_ROUTE[route] } : {}) }));
}

export const STAFF_MENU: Submenu[] = [
  {
    key: 'academic',
    icon: 'school',
    items: items('dot', [
      'academic-teachers',
      'scholar-scheduler',
      'scholar-scheduler-groups',
      'scholar-scheduler-loads',
      'reports-attendance_list',
      'academic-study_plans',
      'academic-careers',
      'academic-title_responsables',
      'academic-cicles',
    ]),
  },
  {
    key: 'scholar',
    icon: 'folder',
    items: items('dot', [
      'scholar-students',
      'academic-groups',
      'scholar-movements',
      'scholar-termination',
      'scholar-documents',
      'scholar-document_requests',
      'scholar-swears',
      'scholar-titles',
      'scholar-issued_documents',
      'scholar-certificates',
    ]),
  },
  {
    key: 'scores',
    icon: 'grade',
    items: items('dot', [
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
    ]),
  },
  {
    key: 'permanence',
    icon: 'how_to_reg',
    items: items('dot', [
      'permanence-aspirants',
      'permanence-inscriptions',
      'permanence-reinscriptions',
      'permanence-recurrent',
      'permanence-school_origins',
      'permanence-new_students',
    ]),
  },
  {
    key: 'finance',
    icon: 'payments',
    items: items('dot', [
      'finance-counter',
      'finance-sales',
      'finance-payments',
      'finance-cash_up',
      'finance-references',
      'finance-concepts',
      'finance-price_list',
      'finance-iedu',
    ]),
  },
  { key: 'scholarships', icon: 'card_giftcard', items: items('dot', ['scholarships-student_periods', 'scholarships', 'scholarships-catalogs']) },
  { key: 'polls', icon: 'poll', items: items('dot', ['polls', 'polls-aplications']) },
  {
    key: 'reports',
    icon: 'assessment',
    items: items('dot', [
      'reports-students_by_group',
      'reports-teachers_users',
      'reports-student_users',
      'reports-student_by_birthplace',
      'reports-student_by_school',
      'reports-students_for_merchandise',
    ]),
  },
  {
    key: 'tools',
    icon: 'build',
    items: items('dot', [
      'academic-campus',
      'tools-academic_deptos',
      'tools-occupations',
      'tools-companies',
      'tools-doctypes',
      'tools-turns',
      'tools-termination_types',
      'tools-medical_options',
      'tools-catalogs',
      'tools-import',
    ]),
  },
  { key: 'settings', icon: 'settings', items: items('dot', ['settings-users', 'settings-roles', 'settings-permissions', 'settings', 'settings-audit']) },
  { key: 'courses', icon: 'local_library', items: items('dot', ['courses', 'courses-groups', 'courses-students']) },
  { key: 'invoices', icon: 'receipt', items: items('dot', ['invoices-catalogs']) },
  { key: 'teacher', icon: 'person', items: items('dot', ['teacher-data', 'teacher-classes', 'teacher-results', 'teacher-timer', 'teacher-groups']) },
];

/** The student portal's menu: Home, Mis datos, Calificaciones, Horario, Encuestas, Mis documentos. */
export const PORTAL_MENU: MenuItem[] = [
  { route: 'index', path: '/', icon: 'home' },
  { route: 'portal-data', path: '/portal/data', icon: 'badge' },
  { route: 'portal-kardex', path: '/portal/kardex', icon: 'grade' },
  { route: 'portal-schedule', path: '/portal/schedule', icon: 'schedule' },
  { route: 'portal-polls', path: '/portal/polls', icon: 'poll' },
  { route: 'portal-documents', path: '/portal/documents', icon: 'description' },
];

/** The aspirant portal's menu (remote aspirants). */
export const ASPIRANT_MENU: MenuItem[] = [{ route: 'index', path: '/', icon: 'home' }];

/** The routes a role may be given: a menu item opened by another item's right is not one. */
export const STAFF_ROUTES: string[] = STAFF_MENU.flatMap((submenu) => submenu.items.filter((item) => !item.authorizedBy).map((item) => item.route));
export const PORTAL_ROUTES: string[] = PORTAL_MENU.filter((item) => item.route !== 'index').map((item) => item.route);


const KNOWN_ROUTES = new Set<string>([...STAFF_ROUTES, ...PORTAL_ROUTES, ...Object.keys(PARENT_ROUTE)]);

/**
 * The route name that authorizes a URL path: the longest known route that the path starts with
 * (so `/academic/teachers/7` is authorized by `academic-teachers`), mapped to its menu parent.
 * Returns "index" for `/` and null for a path that is no screen of the product.
 */
export function routeForPath(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return 'index';
  for (let length = segments.length; length > 0; length -= 1) {
    const candidate = segments.slice(0, length).join('-');
    if (KNOWN_ROUTES.has(candidate)) return PARENT_ROUTE[candidate] ?? candidate;
  }
  return null;
}

/** The menu submenu that a route belongs to (for the page title's context). */
export function submenuOf(route: string): Submenu | undefined {
  return STAFF_MENU.find((submenu) => submenu.items.some((item) => item.route === route));
}
