// manage/api/settings/: the school's configuration (one row). The e-mail password is stored
// encrypted and never sent back: the API says only whether one is set.
import { z } from 'zod';
import { fieldSchema } from '@/lib/field-schema';
import { SYSTEM_FIELDS } from '@/lib/manage-fields';
import { REFERENCE_ALGORITHMS, type ReferenceAlgorithm } from '@/lib/finance/bank-reference';
import { forUpdate, positiveId } from '@/lib/validation';
import { encryptSecret } from '@/server/auth/crypto';
import { defineResource, delegate } from '@/server/engine/types';
import { fieldError } from '@/server/errors';
import { csdColumns } from '@/server/esign/school-csd';

// Limits stated once for the API and the Settings screen (lib/manage-fields.ts).
const fields = {
  ...Object.fromEntries(Object.entries(SYSTEM_FIELDS).map(([name, spec]) => [name, fieldSchema(spec)])),
  email_password: z.string().max(200).optional(),
  calculate_type: z.enum(['DEC', 'PER']).optional(),
  reference_algorithm: z.enum(REFERENCE_ALGORITHMS as [ReferenceAlgorithm, ...ReferenceAlgorithm[]]).optional(),
  expedition_place: z.string().trim().regex(/^(\d{5})?$/, { message: 'errors.postal_code' }).optional(),
  invoice_serie: z.string().trim().max(25).regex(/^[A-Za-z0-9]*$/, { message: 'errors.invalid' }).optional(),
  // The CSD arrives as the .cer and .key files and the key's password (csdColumns checks them).
  csd_certificate: z.string().max(20_000).optional(),
  csd_key: z.string().max(20_000).optional(),
  csd_password: z.string().max(200).optional(),
  // Arrives as an upload (engine/files.ts puts the stored path in its place) or null to remove it.
  logo_path: z.string().max(500).nullable().optional(),
  // The responsable who seals certificates of studies (a title signer); null: none chosen yet.
  certificate_signer_id: positiveId.nullable().optional(),
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
    min_evaluations: true,
    calculate_type: true,
    institution_code: true,
    institution_name: true,
    logo_path: true,
    sep_institution_key: true,
    sep_campus_key: true,
    sep_state_id: true,
    sep_signer_entity: true,
    sep_issue_place: true,
    certificate_signer_id: true,
    type_voucher: true,
    fiscal_regime: true,
    fiscal_social_reason: true,
    fiscal_rfc: true,
    reference_algorithm: true,
    reference_base_year: true,
    reference_days: true,
    expedition_place: true,
    invoice_serie: true,
    csd_certificate: true,
    csd_key: true,
    csd_password: true,
    csd_number: true,
    csd_valid_from: true,
    csd_valid_to: true,
    status: true,
    updated_at: true,
  },
  // Secrets never leave the server: the answer says only whether each one is stored.
  serialize: ({ email_password, csd_key, csd_password, csd_valid_from, csd_valid_to, ...row }) => ({
    ...row,
    // The logo's stored path, as any file field answers it, and whether there is one (the screen's flag).
    logo_set: Boolean(row.logo_path),
    email_password_set: Boolean(email_password),
    csd_key_set: Boolean(csd_key),
    csd_password_set: Boolean(csd_password),
    // The certificate's validity as days, as the screen shows it.
    csd_valid_from: csd_valid_from instanceof Date ? csd_valid_from.toISOString().slice(0, 10) : null,
    csd_valid_to: csd_valid_to instanceof Date ? csd_valid_to.toISOString().slice(0, 10) : null,
  }),
  files: {
    csd_certificate: { kinds: ['certificate'], required: false, storage: 'base64' },
    csd_key: { kinds: ['private-key'], required: false, storage: 'base64' },
    // PDFKit draws png and jpg: a gif or webp logo is refused when it is uploaded, not when a document is issued.
    logo_path: { kinds: ['image'], extensions: ['png', 'jpg'], required: false, storage: 'disk', folder: 'school-logo' },
  },
  searchFields: [],
  filters: {},
  orderingFields: [],
  defaultOrdering: 'id',
  updateSchema: forUpdate(fields),
  auditExclude: ['email_password', 'csd_key', 'csd_password'],
  inputToData: async (input, { tx }) => {
    const { email_password, csd_certificate, csd_key, csd_password, ...data } = input;
    const stored = await tx.setting.findFirst({ select: { csd_certificate: true, csd_key: true, csd_password: true, fiscal_rfc: true } });
    const csd = csdColumns({ csd_certificate, csd_key, csd_password, fiscal_rfc: data.fiscal_rfc }, stored);
    if (typeof data.certificate_signer_id === 'number' && !(await tx.titleResponsable.count({ where: { id: data.certificate_signer_id } }))) throw fieldError('certificate_signer_id', 'errors.unknown_reference');
    // An empty password field means "keep the stored one".
    return { ...data, ...csd, ...(typeof email_password === 'string' && email_password !== '' ? { email_password: encryptSecret(email_password) } : {}) };
  },
});
