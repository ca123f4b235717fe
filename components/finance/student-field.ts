// The student picker of the finance and scholarship panels: an active student found by name or
// control number, like every student reference in the forms.
import type { FormField } from '@/lib/resource-ui';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

export function activeStudentField(section: string): FormField {
  return {
    name: 'student_id',
    labelKey: 'fields.student',
    type: 'reference',
    section,
    optionsFrom: { base: RESOURCE_BASES.students, labelField: 'names', labelFields: ['names', 'first_name', 'second_name', 'no_control'], query: { is_active: 'true' } },
  };
}
