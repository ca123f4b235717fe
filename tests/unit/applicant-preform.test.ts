// The pre-form's rules as pure functions (lib/admissions/preform.ts): each step's schema takes only
// its own fields and asks only what that step cannot be without; what a finished application lacks
// is counted per step, a foreign applicant without a CURP included.
import { describe, expect, it } from 'vitest';
import { buildCurp } from '@/lib/mx';
import { PREFORM_STEPS, STEP_FIELDS, STEP_SCHEMAS, missingByStep, stepInput, stepOfField } from '@/lib/admissions/preform';

const curp = buildCurp({ names: 'Ana', firstSurname: 'López', secondSurname: 'Ruiz', birthday: '2007-05-01', sex: 'M', state: 'JC' });
const complete = {
  names: 'Ana', first_name: 'López', curp, birthday: '2007-05-01', genre: 'M', is_foreign: false,
  email: 'ana@example.com', cellphone: '3312345678',
  career_id: 1, shift_id: 2,
  street: 'Av. Patria', no_external: '10', colony: 'Centro', state_id: 14, city_id: 39, cp: '44100',
  school_origin_id: 3,
};

describe('each step on its own', () => {
  it.each([
    ['person', { names: 'Ana', first_name: 'López' }, true],
    ['person', { names: '', first_name: 'López' }, false],
    ['person', { names: 'Ana', first_name: 'López', curp: 'ABC' }, false],
    ['person', { names: 'Ana', first_name: 'López', curp: curp.toLowerCase(), birthday: '2007-02-30' }, false],
    ['contact', { email: 'ana@example.com' }, true],
    ['contact', { email: 'ana@' }, false],
    ['contact', { email: 'ana@example.com', cellphone: '33 1234 5678' }, true],
    ['application', { career_id: 1 }, false],
    ['application', { career_id: '1', shift_id: '2', how_find_id: '' }, true],
    ['address', {}, true],
    ['address', { cp: '04000' }, true],
    ['address', { cp: '4000' }, false],
    ['address', { cp: '4400A' }, false],
    ['origin', { notes_prev: 'x'.repeat(500) }, true],
  ] as const)('%s %j → %s', (step, values, ok) => {
    expect(STEP_SCHEMAS[step].safeParse(values).success).toBe(ok);
  });

  it('keeps a CURP in capitals, cuts notes to 200 characters and turns empty choices into none', () => {
    expect(personStepValue({ names: 'Ana', first_name: 'López', curp: curp.toLowerCase() }).curp).toBe(curp);
    expect(STEP_SCHEMAS.origin.parse({ notes_prev: 'x'.repeat(500) }).notes_prev).toHaveLength(200);
    expect(STEP_SCHEMAS.address.parse({ state_id: '', city_id: '' })).toMatchObject({ state_id: null, city_id: null });
  });

  it('takes a step with its name, and refuses another step’s rules on it', () => {
    expect(stepInput.safeParse({ step: 'address', cp: '44100' }).success).toBe(true);
    expect(stepInput.safeParse({ step: 'person', cp: '44100' }).success).toBe(false);
    expect(stepInput.safeParse({ step: 'nowhere' }).success).toBe(false);
  });
});

function personStepValue(values: Record<string, unknown>) {
  return STEP_SCHEMAS.person.parse(values);
}

describe('what a finished pre-form lacks', () => {
  it.each([
    ['nothing when complete', complete, {}],
    ['the shift and the address of a new sign-up', { names: 'Ana', first_name: 'López', email: 'a@b.mx', career_id: 1 }, { person: ['curp', 'birthday', 'genre'], contact: ['cellphone'], application: ['shift_id'], address: ['street', 'no_external', 'colony', 'state_id', 'city_id', 'cp'], origin: ['school_origin_id'] }],
    ['no CURP of a foreign applicant', { ...complete, curp: null, is_foreign: true }, {}],
    ['the CURP of a national one', { ...complete, curp: '' }, { person: ['curp'] }],
    ['a blank street', { ...complete, street: '   ' }, { address: ['street'] }],
  ])('%s', (_case, values, missing) => {
    expect(missingByStep(values)).toEqual(missing);
  });

  it('finds the step of each field, every field in one step only', () => {
    const all = PREFORM_STEPS.flatMap((step) => STEP_FIELDS[step]);
    expect(new Set(all).size).toBe(all.length);
    expect(stepOfField('cp')).toBe('address');
    expect(stepOfField('shift_id')).toBe('application');
    expect(stepOfField('web_code')).toBeNull();
  });
});
