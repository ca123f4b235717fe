// The spec's screen routes (section 2) the crawls open, and the detail pages with the API list that
// gives each one a real id from the demo data.
// The spec's route list (section 2), without the sign-in pages and the index.
export const ROUTES = [
  '/academic/campus', '/academic/careers', '/academic/cicles', '/academic/families', '/academic/groups', '/academic/study_plans',
  '/academic/teachers', '/academic/title_responsables', '/courses', '/courses/groups', '/courses/students', '/finance/concepts',
  '/finance/iedu', '/finance/payments', '/finance/price_list', '/finance/references', '/finance/sales', '/invoices/catalogs',
  '/invoices/cfdi_types', '/invoices/fiscal_regimes', '/invoices/invoice_taxes', '/invoices/payment_forms', '/invoices/payment_methods',
  '/invoices/prod_servs', '/invoices/type_relations', '/invoices/type_vouchers', '/invoices/units', '/permanence/aspirants',
  '/permanence/aspirants_stats', '/permanence/inscriptions', '/permanence/new_students', '/permanence/recurrent',
  '/permanence/reinscriptions', '/permanence/school_origins', '/polls', '/polls/aplications', '/reports/attendance_list',
  '/reports/student_by_birthplace', '/reports/student_by_school', '/reports/student_users', '/reports/students_by_group',
  '/reports/students_for_merchandise', '/reports/teachers_users', '/scholar/documents', '/scholar/movements', '/scholar/scheduler',
  '/scholar/scheduler/loads', '/scholar/students', '/scholar/swears', '/scholar/termination', '/scholar/titles', '/scholarships',
  '/scholarships/catalogs', '/scholarships/student_periods', '/scores', '/scores/exceptions', '/scores/extras', '/scores/fail_index',
  '/scores/fail_list', '/scores/general_summary', '/scores/groups', '/scores/pendings', '/scores/periods', '/scores/previous',
  '/scores/summary', '/settings', '/settings/permissions', '/settings/roles', '/settings/test', '/settings/users', '/teacher/classes',
  '/teacher/data', '/teacher/extras', '/teacher/groups', '/teacher/scores', '/teacher/timer', '/teacher/ts', '/tools/academic_deptos', '/tools/catalogs', '/tools/companies',
  '/tools/doctypes', '/tools/medical_options', '/tools/occupations', '/tools/termination_types', '/tools/turns',
  // The product's own screens beyond the spec's list: Configuración › Auditoría, the user menu's
  // "Mis sesiones" and Profesor › Mis resultados.
  '/settings/audit', '/account/sessions', '/teacher/results',
  // Finanzas › Nueva venta and Corte de caja (issue 29).
  '/finance/counter', '/finance/cash_up',
  // Control Escolar › Documentos emitidos (issue 30).
  '/scholar/issued_documents',
  // Control Escolar › Certificados electrónicos (issue 30).
  '/scholar/certificates',
  // Control Escolar › Solicitudes de documentos (issue 30).
  '/scholar/document_requests',
  // Herramientas › Importar datos (issue 31).
  '/tools/import',
];

// Detail pages and the API list that gives each one a real id.
export const DETAILS: [string, string][] = [
  ['/academic/groups/{id}', '/scheduler/api/groups/'],
  ['/academic/study_plans/{id}', '/academic/api/study-plans/'],
  ['/academic/teachers/{id}', '/academic/api/teachers/'],
  ['/courses/groups/{id}', '/academic/api/course-groups/'],
  ['/courses/students/{id}', '/academic/api/course-students/'],
  ['/finance/price_list/{id}', '/finance/api/price-list/'],
  ['/finance/sales/{id}', '/finance/api/sales/'],
  ['/permanence/aspirants/{id}', '/inscription/api/aspirants/'],
  ['/scholar/students/{id}', '/students/api/students/'],
  ['/settings/roles/{id}', '/manage/api/roles/'],
  ['/polls/{id}', '/polls/api/polls/'],
  ['/scholar/scheduler/groups/{id}', '/scheduler/api/groups/'],
  ['/scholar/scheduler/teacher/{id}', '/academic/api/teachers/'],
  ['/scholar/students/subjects/{id}', '/students/api/students/'],
  ['/polls/aplications/status/{id}', '/polls/api/polls/'],
];

