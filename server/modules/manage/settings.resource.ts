// manage/api/settings/: the school's configuration (one row). The e-mail password is stored
// encrypted and never sent back: the API says only whether one is set.
import { z } from 'zod';
import { fieldSchema } from '@/lib/field-schema';
import { SYSTEM_FIELDS } from '@/lib/manage-fields';
import { REFERENCE_ALGORITHMS, type ReferenceAlgorithm } from '@/lib/finance/bank-reference';
import { forUpdate } from '@/lib/validation';
import { encryptSecret } from '@/server/auth/crypto';
import { defineResource, delegate } from '@/server/engine/types';

// Limits stated once for the API and the Settings screen (lib/manage-fields.ts).
const fields = {
  ...Object.fromEntries(Object.entries(SYSTEM_FIELDS).map(([name, spec]) => [name, fieldSchema(spec)])),
  email_password: z.string().max(200).optional(),
  calculate_type: z.enum(['DEC', 'PER']).optional(),
  reference_algorithm: z.enum(REFERENCE_ALGORITHMS as [ReferenceAlgorithm, ...ReferenceAlgorithm[]]).optional(),
};

export const settingsResource = defineResource({
  base: 'manage/api/settings/',
  table: 'settings',
  model: 'Setting',
  delegate: delegate((db) => db.setting),
  access: { routes: ['settings'], permission: 'settings' },
  singleton: true,
  activeField: 'status',
  select: {
    id: true,
    base_serial: true,
    hour_class: true,
    email_host: true,
    email_port: true,
    email_user: true,
    email_password: true,
    min_cal: true,
    max_cal: true,
    min_approve: true,
    precision_cal: true,
    min_attendance: true,
    max_extra: true,
    calculate_type: true,
    institution_code: true,
    institution_name: true,
    type_voucher: true,
    fiscal_regime: true,
    fiscal_social_reason: true,
    fiscal_rfc: true,
    reference_algorithm: true,
    reference_base_year: true,
    reference_days: true,
    status: true,
    updated_at: true,
  },
  serialize: ({ email_password, ...row }) => ({ ...row, email_password_set: Boolean(email_password) }),
  searchFields: [],
  filters: {},
  orderingFields: [],
  defaultOrdering: 'id',
  updateSchema: forUpdate(fields),
  auditExclude: ['email_password'],
  inputToData: (input) => {
    const { email_password, ...data } = input;
    // An empty password field means "keep the stored one".
    return typeof email_password === 'string' && email_password !== '' ? { ...data, email_password: encryptSecret(email_password) } : data;
  },
});
