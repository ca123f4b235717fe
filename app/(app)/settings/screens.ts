// The Settings screens' projections of their resources (lib/resource-ui.ts): plain data handed
// by the server pages to the generic list and form. Field names and limits are the API's own
// (manage/api/users, roles, permissions, settings).
import type { FormField, FormSection, ScreenConfig } from '@/lib/resource-ui';
import { PASSWORD_MIN } from '@/lib/limits';

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
    { name: 'username', labelKey: users('username'), type: 'text', section: 'account', required: true, maxLength: 150 },
    { name: 'email', labelKey: users('email'), type: 'email', section: 'account', maxLength: 254 },
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
    { name: 'first_name', labelKey: users('first_name'), type: 'text', section: 'person', maxLength: 150 },
    { name: 'last_name', labelKey: users('last_name'), type: 'text', section: 'person', maxLength: 150 },
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

const ROLE_FIELDS: FormField[] = [
  { name: 'name', labelKey: roles('name'), type: 'text', section: 'data', required: true, maxLength: 100 },
  { name: 'short', labelKey: roles('short'), type: 'text', section: 'data', required: true, maxLength: 50, helperKey: 'settings.roles.short_help' },
  { name: 'category', labelKey: roles('category'), type: 'text', section: 'data', maxLength: 50 },
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
    { field: 'category', headerKey: roles('category'), type: 'text', flex: 1, hideOnSmall: true },
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
    { field: 'category', headerKey: permissions('category'), type: 'text', flex: 1, hideOnSmall: true },
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
  ],
  fields: [
    { name: 'institution_code', labelKey: system('institution_code'), type: 'text', section: 'institution', maxLength: 20, span: 4 },
    { name: 'institution_name', labelKey: system('institution_name'), type: 'text', section: 'institution', maxLength: 200, span: 8 },
    { name: 'base_serial', labelKey: system('base_serial'), type: 'text', section: 'institution', maxLength: 20, helperKey: 'settings.system.help.base_serial' },
    { name: 'hour_class', labelKey: system('hour_class'), type: 'number', section: 'institution', required: true, min: 1, max: 240, helperKey: 'settings.system.help.hour_class' },

    { name: 'min_cal', labelKey: system('min_cal'), type: 'decimal', section: 'scores', required: true, min: 0, max: 100, decimals: 2, span: 4 },
    { name: 'max_cal', labelKey: system('max_cal'), type: 'decimal', section: 'scores', required: true, min: 0, max: 100, decimals: 2, span: 4 },
    { name: 'min_approve', labelKey: system('min_approve'), type: 'decimal', section: 'scores', required: true, min: 0, max: 100, decimals: 2, span: 4 },
    { name: 'precision_cal', labelKey: system('precision_cal'), type: 'number', section: 'scores', required: true, min: 0, max: 4, span: 4, helperKey: 'settings.system.help.precision_cal' },
    { name: 'min_attendance', labelKey: system('min_attendance'), type: 'decimal', section: 'scores', required: true, min: 0, max: 100, decimals: 2, span: 4, helperKey: 'settings.system.help.min_attendance' },
    { name: 'max_extra', labelKey: system('max_extra'), type: 'number', section: 'scores', required: true, min: 0, max: 99, span: 4, helperKey: 'settings.system.help.max_extra' },
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

    { name: 'email_host', labelKey: system('email_host'), type: 'text', section: 'email', maxLength: 200, span: 8 },
    { name: 'email_port', labelKey: system('email_port'), type: 'number', section: 'email', min: 1, max: 65535, span: 4 },
    { name: 'email_user', labelKey: system('email_user'), type: 'text', section: 'email', maxLength: 200 },
    { name: 'email_password', labelKey: system('email_password'), type: 'password', section: 'email', maxLength: 200, storedFlag: 'email_password_set' },

    { name: 'fiscal_rfc', labelKey: system('fiscal_rfc'), type: 'text', section: 'invoicing', minLength: 12, maxLength: 13, span: 4 },
    { name: 'fiscal_social_reason', labelKey: system('fiscal_social_reason'), type: 'text', section: 'invoicing', maxLength: 300, span: 8 },
    { name: 'fiscal_regime', labelKey: system('fiscal_regime'), type: 'text', section: 'invoicing', maxLength: 5, helperKey: 'settings.system.help.fiscal_regime' },
    { name: 'type_voucher', labelKey: system('type_voucher'), type: 'text', section: 'invoicing', maxLength: 5, helperKey: 'settings.system.help.type_voucher' },
  ],
} satisfies Pick<ScreenConfig, 'base' | 'permission' | 'labelField' | 'sections' | 'fields' | 'allowCreate' | 'allowDelete' | 'allowExport'>;
