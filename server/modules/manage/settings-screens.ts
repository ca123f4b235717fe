// The Settings screens' projections of the manage/ resources, next to their definitions: plain data
// handed by the server pages to the generic list and form. Typed fields come from the specs the
// API validates them with (lib/manage-fields.ts, specField), so their limits are stated once.
import { PASSWORD_MIN } from '@/lib/limits';
import { REFERENCE_ALGORITHMS } from '@/lib/finance/bank-reference';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { SYSTEM_FIELDS, USER_FIELDS } from '@/lib/manage-fields';
import { type FormField, type FormSection, type ScreenConfig, specField } from '@/lib/resource-ui';

const users = (key: string) => `settings.users.fields.${key}`;
const roles = (key: string) => `settings.roles.fields.${key}`;
const permissions = (key: string) => `settings.permissions.fields.${key}`;
const system = (key: string) => `settings.system.fields.${key}`;

export const USERS_SCREEN: ScreenConfig = {
  base: '/manage/api/users/',
  permission: 'users',
  titleKey: 'settings.users.title',
  descriptionKey: 'settings.users.description',
  createTitleKey: 'settings.users.create_title',
  editTitleKey: 'settings.users.edit_title',
  labelField: 'username',
  columns: [
    { field: 'username', headerKey: users('username'), type: 'text', flex: 1 },
    { field: 'first_name', headerKey: users('first_name'), type: 'text', flex: 1, hideOnSmall: true },
    { field: 'last_name', headerKey: users('last_name'), type: 'text', flex: 1, hideOnSmall: true },
    { field: 'email', headerKey: users('email'), type: 'text', flex: 1.2, hideOnSmall: true },
    { field: 'roles', headerKey: users('roles'), type: 'chips', flex: 1.5, chipField: 'name', hideOnSmall: true },
    { field: 'is_staff', headerKey: users('is_staff'), type: 'boolean', width: 100, hideOnSmall: true },
    { field: 'last_login', headerKey: users('last_login'), type: 'datetime', width: 150, hideOnSmall: true },
    { field: 'is_active', headerKey: users('is_active'), type: 'status', width: 110 },
  ],
  sections: [
    { key: 'account', titleKey: 'settings.users.sections.account' },
    { key: 'person', titleKey: 'settings.users.sections.person' },
    { key: 'access', titleKey: 'settings.users.sections.access', descriptionKey: 'settings.users.sections.access_help' },
  ],
  fields: [
    specField(USER_FIELDS.username, { labelKey: users('username'), section: 'account', required: true }),
    specField(USER_FIELDS.email, { labelKey: users('email'), section: 'account' }),
    {
      name: 'password',
      labelKey: users('password'),
      type: 'password',
      section: 'account',
      required: true,
      minLength: PASSWORD_MIN,
      maxLength: 128,
      createOnly: true,
      helperKey: 'settings.users.password_help',
    },
    specField(USER_FIELDS.first_name, { labelKey: users('first_name'), section: 'person' }),
    specField(USER_FIELDS.last_name, { labelKey: users('last_name'), section: 'person' }),
    { name: 'is_active', labelKey: users('is_active'), type: 'boolean', section: 'access', defaultValue: true, span: 4 },
    { name: 'is_staff', labelKey: users('is_staff'), type: 'boolean', section: 'access', span: 4, helperKey: 'settings.users.is_staff_help' },
    { name: 'is_superuser', labelKey: users('is_superuser'), type: 'boolean', section: 'access', span: 4, helperKey: 'settings.users.is_superuser_help' },
    {
      name: 'roles',
      labelKey: users('roles'),
      type: 'multiselect',
      section: 'access',
      optionsFrom: { base: '/manage/api/roles/', labelField: 'name', detailField: 'short' },
    },
    {
      name: 'permissions',
      labelKey: users('permissions'),
      type: 'multiselect',
      section: 'access',
      optionsFrom: { base: '/manage/api/permissions/', labelField: 'name', detailField: 'short' },
    },
    {
      name: 'careers',
      labelKey: users('careers'),
      type: 'multiselect',
      section: 'access',
      helperKey: 'settings.users.careers_help',
      optionsFrom: { base: '/academic/api/careers/', labelField: 'name', detailField: 'campus.name' },
    },
  ],
  filters: [{ param: 'is_staff', labelKey: users('is_staff'), type: 'boolean' }],
  defaultOrdering: 'username',
  searchable: true,
  allowCreate: true,
  allowDelete: true,
  allowExport: true,
  rowActions: [
    {
      kind: 'password',
      key: 'reset_password',
      labelKey: 'settings.users.reset_password',
      icon: 'key',
      path: 'change_password/',
      minLength: PASSWORD_MIN,
    },
    {
      kind: 'update',
      key: 'deactivate',
      labelKey: 'settings.users.deactivate',
      icon: 'deactivate',
      showIf: { field: 'is_active', equals: true },
      set: { field: 'is_active', value: false },
      confirmKey: 'settings.users.confirm_deactivate',
      successKey: 'settings.users.deactivated',
    },
    {
      kind: 'update',
      key: 'activate',
      labelKey: 'settings.users.activate',
      icon: 'activate',
      showIf: { field: 'is_active', equals: false },
      set: { field: 'is_active', value: true },
      confirmKey: 'settings.users.confirm_activate',
      successKey: 'settings.users.activated',
    },
  ],
};

const ROLE_SECTIONS: FormSection[] = [
  { key: 'data', titleKey: 'settings.roles.sections.data' },
  { key: 'routes', titleKey: 'settings.roles.sections.routes', descriptionKey: 'settings.roles.sections.routes_help' },
];

/** Whom a role is for: stored as a key, shown by its name. */
const ROLE_CATEGORIES = ['staff', 'teacher', 'student', 'aspirant'] as const;

const ROLE_FIELDS: FormField[] = [
  { name: 'name', labelKey: roles('name'), type: 'text', section: 'data', required: true, maxLength: 100 },
  { name: 'short', labelKey: roles('short'), type: 'text', section: 'data', required: true, maxLength: 50, helperKey: 'settings.roles.short_help' },
  {
    name: 'category',
    labelKey: roles('category'),
    type: 'select',
    section: 'data',
    required: true,
    defaultValue: 'staff',
    options: ROLE_CATEGORIES.map((value) => ({ value, labelKey: `settings.roles.categories.${value}` })),
  },
  { name: 'status', labelKey: roles('status'), type: 'boolean', section: 'data', defaultValue: true },
  { name: 'routes', labelKey: roles('routes'), type: 'routes', section: 'routes' },
];

export const ROLES_SCREEN: ScreenConfig = {
  base: '/manage/api/roles/',
  permission: 'roles',
  titleKey: 'settings.roles.title',
  descriptionKey: 'settings.roles.description',
  createTitleKey: 'settings.roles.create_title',
  editTitleKey: 'settings.roles.edit_title',
  labelField: 'name',
  columns: [
    { field: 'name', headerKey: roles('name'), type: 'text', flex: 1.5 },
    { field: 'short', headerKey: roles('short'), type: 'text', flex: 1 },
    { field: 'category', headerKey: roles('category'), type: 'text', flex: 1, hideOnSmall: true, valuesKey: 'settings.roles.categories' },
    { field: 'status', headerKey: roles('status'), type: 'status', width: 110 },
  ],
  sections: ROLE_SECTIONS,
  fields: ROLE_FIELDS,
  filters: [],
  defaultOrdering: 'name',
  searchable: true,
  allowCreate: true,
  allowDelete: true,
  allowExport: true,
  rowActions: [{ kind: 'link', key: 'open', labelKey: 'settings.roles.open', icon: 'open', href: '/settings/roles/{id}', ability: 'view' }],
};

export const PERMISSIONS_SCREEN: ScreenConfig = {
  base: '/manage/api/permissions/',
  permission: 'permissions',
  titleKey: 'settings.permissions.title',
  descriptionKey: 'settings.permissions.description',
  createTitleKey: 'settings.permissions.create_title',
  editTitleKey: 'settings.permissions.edit_title',
  labelField: 'name',
  columns: [
    { field: 'name', headerKey: permissions('name'), type: 'text', flex: 1.5 },
    { field: 'short', headerKey: permissions('short'), type: 'text', flex: 1 },
    // A permission's category is the resource it is about ("sales"), named as its table ("ventas").
    { field: 'category', headerKey: permissions('category'), type: 'text', flex: 1, hideOnSmall: true, valuesKey: 'tables' },
    { field: 'status', headerKey: permissions('status'), type: 'status', width: 110 },
  ],
  sections: [{ key: 'data', titleKey: 'settings.permissions.sections.data' }],
  fields: [
    { name: 'name', labelKey: permissions('name'), type: 'text', section: 'data', required: true, maxLength: 100 },
    { name: 'short', labelKey: permissions('short'), type: 'text', section: 'data', required: true, maxLength: 100, helperKey: 'settings.permissions.short_help' },
    { name: 'category', labelKey: permissions('category'), type: 'text', section: 'data', maxLength: 50 },
    { name: 'status', labelKey: permissions('status'), type: 'boolean', section: 'data', defaultValue: true },
  ],
  filters: [],
  defaultOrdering: 'short',
  searchable: true,
  allowCreate: true,
  allowDelete: true,
  allowExport: true,
  rowActions: [],
};

/** The system settings: one row, edited on its own page. */
export const SYSTEM_SETTINGS = {
  base: '/manage/api/settings/',
  permission: 'settings',
  labelField: 'institution_name',
  allowCreate: false,
  allowDelete: false,
  allowExport: false,
  sections: [
    { key: 'institution', titleKey: 'settings.system.sections.institution' },
    { key: 'scores', titleKey: 'settings.system.sections.scores', descriptionKey: 'settings.system.sections.scores_help' },
    { key: 'email', titleKey: 'settings.system.sections.email', descriptionKey: 'settings.system.sections.email_help' },
    { key: 'invoicing', titleKey: 'settings.system.sections.invoicing' },
    { key: 'csd', titleKey: 'settings.system.sections.csd', descriptionKey: 'settings.system.sections.csd_help' },
    { key: 'references', titleKey: 'settings.system.sections.references', descriptionKey: 'settings.system.sections.references_help' },
    { key: 'sep_certificates', titleKey: 'certificates.settings.section', descriptionKey: 'certificates.settings.section_help' },
  ],
  fields: [
    specField(SYSTEM_FIELDS.institution_code, { labelKey: system('institution_code'), section: 'institution', span: 4 }),
    specField(SYSTEM_FIELDS.institution_name, { labelKey: system('institution_name'), section: 'institution', span: 8 }),
    { name: 'logo_path', labelKey: system('logo_path'), type: 'file', section: 'institution', span: 12, file: { accept: '.png,.jpg,.jpeg' }, storedFlag: 'logo_set', helperKey: 'settings.system.help.logo_path' },
    specField(SYSTEM_FIELDS.sep_institution_key, { labelKey: system('sep_institution_key'), section: 'institution', span: 4, helperKey: 'settings.system.help.sep_institution_key' }),
    specField(SYSTEM_FIELDS.base_serial, { labelKey: system('base_serial'), section: 'institution', helperKey: 'settings.system.help.base_serial' }),
    specField(SYSTEM_FIELDS.hour_class, { labelKey: system('hour_class'), section: 'institution', required: true, helperKey: 'settings.system.help.hour_class' }),

    specField(SYSTEM_FIELDS.min_cal, { labelKey: system('min_cal'), section: 'scores', required: true, span: 4 }),
    specField(SYSTEM_FIELDS.max_cal, { labelKey: system('max_cal'), section: 'scores', required: true, span: 4 }),
    specField(SYSTEM_FIELDS.min_approve, { labelKey: system('min_approve'), section: 'scores', required: true, span: 4 }),
    specField(SYSTEM_FIELDS.precision_cal, { labelKey: system('precision_cal'), section: 'scores', required: true, span: 4, helperKey: 'settings.system.help.precision_cal' }),
    specField(SYSTEM_FIELDS.min_attendance, { labelKey: system('min_attendance'), section: 'scores', required: true, span: 4, helperKey: 'settings.system.help.min_attendance' }),
    specField(SYSTEM_FIELDS.max_extra, { labelKey: system('max_extra'), section: 'scores', required: true, span: 4, helperKey: 'settings.system.help.max_extra' }),
    specField(SYSTEM_FIELDS.min_evaluations, { labelKey: system('min_evaluations'), section: 'scores', required: true, span: 4, helperKey: 'settings.system.help.min_evaluations' }),
    {
      name: 'calculate_type',
      labelKey: system('calculate_type'),
      type: 'select',
      section: 'scores',
      required: true,
      defaultValue: 'DEC',
      options: [
        { value: 'DEC', labelKey: 'settings.system.calculate_types.DEC' },
        { value: 'PER', labelKey: 'settings.system.calculate_types.PER' },
      ],
      helperKey: 'settings.system.help.calculate_type',
    },

    specField(SYSTEM_FIELDS.email_host, { labelKey: system('email_host'), section: 'email', span: 8 }),
    specField(SYSTEM_FIELDS.email_port, { labelKey: system('email_port'), section: 'email', span: 4 }),
    specField(SYSTEM_FIELDS.email_user, { labelKey: system('email_user'), section: 'email' }),
    { name: 'email_password', labelKey: system('email_password'), type: 'password', section: 'email', maxLength: 200, storedFlag: 'email_password_set' },

    specField(SYSTEM_FIELDS.fiscal_rfc, { labelKey: system('fiscal_rfc'), section: 'invoicing', span: 4 }),
    specField(SYSTEM_FIELDS.fiscal_social_reason, { labelKey: system('fiscal_social_reason'), section: 'invoicing', span: 8 }),
    specField(SYSTEM_FIELDS.fiscal_regime, { labelKey: system('fiscal_regime'), section: 'invoicing', helperKey: 'settings.system.help.fiscal_regime' }),
    specField(SYSTEM_FIELDS.type_voucher, { labelKey: system('type_voucher'), section: 'invoicing', helperKey: 'settings.system.help.type_voucher' }),
    { name: 'expedition_place', labelKey: system('expedition_place'), type: 'text', section: 'invoicing', maxLength: 5, span: 4, helperKey: 'settings.system.help.expedition_place' },
    { name: 'invoice_serie', labelKey: system('invoice_serie'), type: 'text', section: 'invoicing', maxLength: 25, span: 4 },
    { name: 'csd_number', labelKey: system('csd_number'), type: 'text', section: 'csd', readOnly: true, span: 4 },
    { name: 'csd_valid_from', labelKey: system('csd_valid_from'), type: 'date', section: 'csd', readOnly: true, span: 4 },
    { name: 'csd_valid_to', labelKey: system('csd_valid_to'), type: 'date', section: 'csd', readOnly: true, span: 4 },
    { name: 'csd_certificate', labelKey: system('csd_certificate'), type: 'file', section: 'csd', span: 12, file: { accept: '.cer' }, storedFlag: 'csd_number' },
    { name: 'csd_key', labelKey: system('csd_key'), type: 'file', section: 'csd', span: 12, file: { accept: '.key' }, storedFlag: 'csd_key_set' },
    { name: 'csd_password', labelKey: system('csd_password'), type: 'password', section: 'csd', maxLength: 200, storedFlag: 'csd_password_set' },

    {
      name: 'reference_algorithm',
      labelKey: system('reference_algorithm'),
      type: 'select',
      section: 'references',
      required: true,
      defaultValue: 'base97',
      options: REFERENCE_ALGORITHMS.map((value) => ({ value, labelKey: `settings.system.reference_algorithms.${value}` })),
      span: 6,
    },
    specField(SYSTEM_FIELDS.reference_base_year, { labelKey: system('reference_base_year'), section: 'references', required: true, span: 6, helperKey: 'settings.system.help.reference_base_year' }),
    specField(SYSTEM_FIELDS.reference_days, { labelKey: system('reference_days'), section: 'references', required: true, span: 6 }),

    specField(SYSTEM_FIELDS.sep_campus_key, { labelKey: 'fields.sep_campus_key', section: 'sep_certificates', span: 6, helperKey: 'certificates.settings.help.sep_campus_key' }),
    specField(SYSTEM_FIELDS.sep_signer_entity, { labelKey: 'fields.sep_signer_entity', section: 'sep_certificates', span: 6, helperKey: 'certificates.settings.help.sep_signer_entity' }),
    specField(SYSTEM_FIELDS.sep_state_id, { labelKey: 'fields.sep_state_id', section: 'sep_certificates', span: 6, helperKey: 'certificates.settings.help.sep_state_id' }),
    specField(SYSTEM_FIELDS.sep_issue_place, { labelKey: 'fields.sep_issue_place', section: 'sep_certificates', span: 6, helperKey: 'certificates.settings.help.sep_issue_place' }),
    {
      name: 'certificate_signer_id',
      labelKey: 'fields.certificate_signer_id',
      type: 'reference',
      section: 'sep_certificates',
      span: 12,
      helperKey: 'certificates.settings.help.certificate_signer_id',
      optionsFrom: { base: RESOURCE_BASES.titleResponsables, labelField: 'names', labelFields: ['names', 'first_name', 'second_name'], query: { status: 'true' } },
    },
  ],
} satisfies Pick<ScreenConfig, 'base' | 'permission' | 'labelField' | 'sections' | 'fields' | 'allowCreate' | 'allowDelete' | 'allowExport'>;
