// The applicant's pre-form, step by step. Each step is saved on its own with a schema of its own
// fields only, so an earlier step never waits for a later one; what a finished application must
// hold is checked once, when the applicant hands the whole pre-form in (`missingByStep`). Shared by
// the portal's form (its checks while typing) and the API (save_step/, submit_preform/).
import { z } from 'zod';
import { isValidCurp } from '@/lib/mx';
import { calendarDay, email, id } from '@/lib/validation';

/** The steps in the order the portal shows them. */
export const PREFORM_STEPS = ['person', 'contact', 'application', 'address', 'origin'] as const;
export type PreformStep = (typeof PREFORM_STEPS)[number];

/** An optional text: empty or missing is "not given yet" (null), never an error at save time. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
/** A required text of the step (the applicant's name: the record cannot be without it). */
const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** An optional choice from a catalogue: empty means not chosen yet. */
const optionalId = z.preprocess((value) => (value === '' ? null : value), id.nullish()).transform((value) => value ?? null);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullish()).transform((value) => value ?? null);

const curp = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => value.length === 18, { message: 'errors.exact_length', params: { length: 18 } })
  .refine((value) => value.length !== 18 || isValidCurp(value), { message: 'errors.invalid' });
/** A Mexican postal code: five digits (the leading zero counts: 04000 is Coyoacán). */
export const postalCode = z
  .string()
  .trim()
  .refine((value) => /^\d{5}$/.test(value), { message: 'errors.exact_length', params: { length: 5 } });
const phone = z
  .string()
  .trim()
  .regex(/^[0-9 +()-]{7,20}$/, { message: 'errors.invalid' });
const yesNo = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** Who the applicant is. The name is the record's own (it cannot be emptied); the rest may wait. */
export const personStep = z.object({
  names: requiredText(100),
  first_name: requiredText(100),
  second_name: optionalText(100),
  curp: optional(curp),
  birthday: optional(calendarDay),
  genre: optional(z.enum(['H', 'M', 'X'])),
  is_foreign: yesNo.optional(),
});

/** How to reach them. The e-mail is where the web code and every notice go: it stays required. */
export const contactStep = z.object({
  email: email.pipe(z.string().min(1)),
  cellphone: optional(phone),
  telephone: optional(phone),
  contact_name: optionalText(150),
  contact_telephone: optional(phone),
});

/** What they apply for. Spec section 5: the shift cannot be empty wherever the career is chosen. */
export const applicationStep = z.object({
  career_id: id,
  shift_id: id,
  how_find_id: optionalId,
});

/** Where they live, as a Mexican address reads: street and numbers, colonia, municipality, state, postal code. */
export const addressStep = z.object({
  street: optionalText(200),
  no_external: optionalText(20),
  no_internal: optionalText(20),
  colony: optionalText(150),
  state_id: optionalId,
  city_id: optionalId,
  cp: optional(postalCode),
});

/** Where they come from. Notes are cut to 200 characters (spec section 9), not refused. */
export const originStep = z.object({
  school_origin_id: optionalId,
  notes_prev: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value.slice(0, 200) : null)),
});

export const STEP_SCHEMAS = { person: personStep, contact: contactStep, application: applicationStep, address: addressStep, origin: originStep } as const;

/** The fields of each step, in the order the form shows them. */
export const STEP_FIELDS: { readonly [S in PreformStep]: readonly (keyof z.input<(typeof STEP_SCHEMAS)[S]> & string)[] } = {
  person: ['names', 'first_name', 'second_name', 'curp', 'birthday', 'genre', 'is_foreign'],
  contact: ['email', 'cellphone', 'telephone', 'contact_name', 'contact_telephone'],
  application: ['career_id', 'shift_id', 'how_find_id'],
  address: ['street', 'no_external', 'no_internal', 'colony', 'state_id', 'city_id', 'cp'],
  origin: ['school_origin_id', 'notes_prev'],
};

/** One step's save: its name and its fields (nothing of another step). */
export const stepInput = z.discriminatedUnion('step', [
  personStep.extend({ step: z.literal('person') }),
  contactStep.extend({ step: z.literal('contact') }),
  applicationStep.extend({ step: z.literal('application') }),
  addressStep.extend({ step: z.literal('address') }),
  originStep.extend({ step: z.literal('origin') }),
]);
export type StepInput = z.output<typeof stepInput>;

/** What a finished pre-form must hold, step by step. A foreign applicant may have no CURP. */
const REQUIRED: { readonly [S in PreformStep]: readonly string[] } = {
  person: ['names', 'first_name', 'curp', 'birthday', 'genre'],
  contact: ['email', 'cellphone'],
  application: ['career_id', 'shift_id'],
  address: ['street', 'no_external', 'colony', 'state_id', 'city_id', 'cp'],
  origin: ['school_origin_id'],
};

export type PreformValues = Record<string, string | number | boolean | null | undefined>;

/** The fields each step still lacks for the pre-form to be handed in (steps with none left out). */
export function missingByStep(values: PreformValues): Partial<Record<PreformStep, string[]>> {
  const missing: Partial<Record<PreformStep, string[]>> = {};
  for (const step of PREFORM_STEPS) {
    const fields = REQUIRED[step].filter((field) => {
      if (field === 'curp' && values.is_foreign === true) return false;
      const value = values[field];
      return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    });
    if (fields.length) missing[step] = fields;
  }
  return missing;
}

/** The step a field belongs to (the form opens the first step with something missing). */
export function stepOfField(field: string): PreformStep | null {
  return PREFORM_STEPS.find((step) => (STEP_FIELDS[step] as readonly string[]).includes(field)) ?? null;
}
