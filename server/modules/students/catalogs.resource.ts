// students/api/: small catalogues of the student forms (Tools menu): employers, occupations, the
// options of the medical sheet and the kinds of withdrawal.
import { modelResource } from '@/server/engine/model';
import { orNull, rfc } from '@/server/modules/shared/fields';

export const companiesResource = modelResource({
  base: 'students/api/companies/',
  model: 'Company',
  // The relatives form picks the employer.
  access: { routes: ['tools-companies'], readRoutes: ['scholar-students', 'permanence-aspirants'], permission: 'companies' },
  search: ['name', 'rfc', 'contact'],
  ordering: ['name'],
  fields: { rfc: orNull(rfc) },
});

export const occupationsResource = modelResource({
  base: 'students/api/occupations/',
  model: 'Occupation',
  // Student, relative and aspirant forms (the aspirant's own pre-form too) pick an occupation.
  access: { routes: ['tools-occupations'], permission: 'occupations', anyoneReads: true },
  search: ['description'],
  ordering: ['description'],
});

export const medicalOptionsResource = modelResource({
  base: 'students/api/medical-options/',
  model: 'MedicalOption',
  access: { routes: ['tools-medical_options'], permission: 'medical_options', anyoneReads: true },
  search: ['name', 'category'],
  ordering: ['category', 'name'],
  filters: { category: 'string' },
});

export const terminationTypesResource = modelResource({
  base: 'students/api/termination-types/',
  model: 'TerminationType',
  access: { routes: ['tools-termination_types'], readRoutes: ['scholar-termination', 'scholar-students'], permission: 'termination_types' },
  search: ['name', 'code', 'description'],
  ordering: ['name'],
});
