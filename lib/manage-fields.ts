// The fields of the hand-written manage/ resources (users, the school's settings) as specs, once:
// the API builds their schemas from them (server/modules/manage) and the Settings screens their
// inputs (server/modules/manage/*.screen.ts), so a limit (a precision of 0 to 2 places, at most 50
// extraordinaries) is stated in one place. The school's own rules on top of the column types are
// the bounds here.
import type { FieldSpec } from './field-schema';

/** A text column with a database default ("" unless set). */
const text = (name: string, maxLength: number, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'scalar', type: 'String', optional: false, hasDefault: true, maxLength, ...extra });
const whole = (name: string, min: number, max: number): FieldSpec => ({ name, kind: 'scalar', type: 'Int', optional: false, hasDefault: true, min, max });
const decimal = (name: string, min: number, max: number): FieldSpec => ({ name, kind: 'scalar', type: 'Decimal', optional: false, hasDefault: true, precision: 5, scale: 2, min, max });

export const USER_FIELDS = {
  username: text('username', 150, { hasDefault: false, pattern: '^[\\w.@+-]+$' }),
  email: text('email', 254, { format: 'email' }),
  first_name: text('first_name', 150),
  last_name: text('last_name', 150),
} satisfies Record<string, FieldSpec>;

export const SYSTEM_FIELDS = {
  base_serial: text('base_serial', 20),
  hour_class: whole('hour_class', 1, 240),
  email_host: text('email_host', 200),
  email_port: whole('email_port', 1, 65_535),
  email_user: text('email_user', 200),
  min_cal: decimal('min_cal', 0, 100),
  max_cal: decimal('max_cal', 0, 100),
  min_approve: decimal('min_approve', 0, 100),
  // Decimal places a final is rounded to; scores are kept to 2.
  precision_cal: whole('precision_cal', 0, 2),
  min_attendance: decimal('min_attendance', 0, 100),
  max_extra: whole('max_extra', 0, 50),
  // Complete teacher evaluations below which a teacher's mean is not shown (anonymity).
  min_evaluations: whole('min_evaluations', 1, 100),
  institution_code: text('institution_code', 20),
  institution_name: text('institution_name', 200),
  // SEP's numeric key of the institution (cveInstitucion of the electronic titles), e.g. 090001.
  sep_institution_key: text('sep_institution_key', 10, { pattern: '^\\d{1,10}$' }),
  // SEP's keys of the certificate of studies: the campus, the institution's state and the place of
  // issue (two-digit state keys, 09 Ciudad de México), the signing service's entity.
  sep_campus_key: text('sep_campus_key', 10, { pattern: '^\\d{1,10}$' }),
  sep_state_id: text('sep_state_id', 2, { pattern: '^\\d{2}$' }),
  sep_signer_entity: text('sep_signer_entity', 10, { pattern: '^\\d{1,10}$' }),
  sep_issue_place: text('sep_issue_place', 2, { pattern: '^\\d{2}$' }),
  type_voucher: text('type_voucher', 5),
  fiscal_regime: text('fiscal_regime', 5),
  fiscal_social_reason: text('fiscal_social_reason', 300),
  // An RFC has 12 characters (a company) or 13 (a person).
  fiscal_rfc: text('fiscal_rfc', 13, { minLength: 12 }),
  reference_base_year: whole('reference_base_year', 1988, 2100),
  reference_days: whole('reference_days', 1, 180),
} satisfies Record<string, FieldSpec>;
