// inscription/api/school-origin/: schools students come from (escuelas de procedencia). The
// aspirant pre-form and the student form pick one, so every signed-in user reads the list.
import { z } from 'zod';
import { modelResource } from '@/server/engine/model';
import { orNull, postalCode } from '@/server/modules/shared/fields';

export const schoolOriginsResource = modelResource({
  base: 'inscription/api/school-origin/',
  model: 'SchoolOrigin',
  access: { routes: ['permanence-school_origins'], anyoneReads: true, permission: 'school_origins' },
  search: ['name', 'cct', 'subsystem', 'colony', 'contact'],
  ordering: ['name'],
  fields: {
    // SEP work-centre key: 2 digits of the state, 3 letters, 4 digits and a check letter (14DCT0001Z).
    cct: orNull(z.string().trim().toUpperCase().regex(/^\d{2}[A-Z]{3}\d{4}[A-Z0-9]$/, { message: 'errors.invalid' })),
    cp: orNull(postalCode),
  },
});
