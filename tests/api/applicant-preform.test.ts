// The applicant's pre-form and sign-up (issue 29): each step saves alone with its own fields, the
// address step keeps a Mexican address that the conversion copies to the student, the whole
// pre-form is checked when handed in; sign-up takes a period open for admission at the campus,
// refuses a second application of the same e-mail or CURP in that period and offers to send the
// web code again (by e-mail, never in the answer); a converted applicant signing in is told to use
// their control number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCurp } from '@/lib/mx';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { type ReceivedMail, withSmtpSink } from './smtp-sink';

const PASSWORD = 'segura-123';
let admin: string;
let career: { id: number; campus_id: number };
let openPeriod: number;
let counter = 0;

beforeAll(async () => {
  admin = await tokenFor('admin');
  const isc = await prisma.career.findFirstOrThrow({ where: { code: 'ISC' }, select: { id: true, campus_id: true } });
  career = { id: isc.id, campus_id: isc.campus_id! };
  openPeriod = (await prisma.cicle.findFirstOrThrow({ where: { campus_id: career.campus_id, admission_open: true, status: true }, select: { id: true } })).id;
});

afterAll(async () => {
  await prisma.setting.updateMany({ data: { email_host: '' } });
});

function curpFor(names: string, first: string, second: string, day: string) {
  return buildCurp({ names, firstSurname: first, secondSurname: second, birthday: day, sex: 'M', state: 'JC' });
}

/** A new applicant signed up from the portal (only the sign-up's fields: no shift, no address). */
async function signUp(extra: Record<string, unknown> = {}) {
  counter += 1;
  const body = { names: 'Ximena', first_name: 'Preform', second_name: `Paso ${counter}`, email: `preform.${counter}.${Date.now()}@example.com`, campus_id: career.campus_id, career_id: career.id, cicle_id: openPeriod, web_pass: PASSWORD, web_pass_confirm: PASSWORD, ...extra };
  const answer = await call('POST', 'manage/signup/', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.aspirant.id as number, token: answer.body.token as string, webCode: answer.body.aspirant.web_code as string, email: body.email };
}

const saveStep = (id: number, token: string, body: Record<string, unknown>) => call('POST', `inscription/api/aspirants/${id}/save_step/`, { token, body });

/** A fresh applicant's address, as the address step takes it. */
async function someAddress() {
  const city = await prisma.city.findFirstOrThrow({ where: { name: 'Zapopan' }, select: { id: true, state_id: true } });
  return { street: 'Av. Patria', no_external: '1201', no_internal: 'B', colony: 'Jardines Universidad', state_id: city.state_id, city_id: city.id, cp: '45110' };
}

describe('the pre-form step by step', () => {
  it('saves the first step with only its own fields, and shows it when read again', async () => {
    const { id, token } = await signUp();
    const curp = curpFor('Ximena', 'Preform', 'Paso', '2007-03-14');
    const saved = await saveStep(id, token, { step: 'person', names: 'Ximena', first_name: 'Preform', second_name: 'Paso', curp: curp.toLowerCase(), birthday: '2007-03-14', genre: 'M', is_foreign: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await call('GET', `inscription/api/aspirants/${id}/preform/`, { token });
    expect(read.status).toBe(200);
    expect(read.body.values.person).toEqual({ names: 'Ximena', first_name: 'Preform', second_name: 'Paso', curp, birthday: '2007-03-14', genre: 'M', is_foreign: false });
    // Later steps still lack what a finished application needs; the first is complete.
    expect(read.body.missing.person).toBeUndefined();
    expect(read.body.missing.application).toEqual(['shift_id']);
    expect(read.body.missing.address).toEqual(['street', 'no_external', 'colony', 'state_id', 'city_id', 'cp']);
    expect(read.body.editable).toBe(true);
    expect(read.body.submitted).toBe(false);
    const history = await prisma.auditLog.findFirst({ where: { resource: 'aspirants', record_id: String(id), type: '~' }, orderBy: { id: 'desc' } });
    expect(JSON.stringify(history?.changes)).toContain('2007-03-14');
  });

  it('refuses a step whose own fields are wrong with a message per field, and changes nothing', async () => {
    const { id, token } = await signUp();
    const address = await saveStep(id, token, { step: 'address', street: 'Calle Morelos', cp: '4510', no_external: 'x'.repeat(21) });
    expect(address.status).toBe(400);
    expect(address.body.cp).toEqual(['Escriba exactamente 5 caracteres.']);
    expect(address.body.no_external).toHaveLength(1);
    expect(Object.keys(address.body).sort()).toEqual(['cp', 'no_external']);
    const contact = await saveStep(id, token, { step: 'contact', email: 'no-es-correo', cellphone: '33 1234 5678' });
    expect(contact.status).toBe(400);
    expect(Object.keys(contact.body)).toEqual(['email']);
    // Spec section 5: the shift cannot be empty where the career is chosen.
    const application = await saveStep(id, token, { step: 'application', career_id: career.id });
    expect(application.status).toBe(400);
    expect(application.body.shift_id).toEqual(['Este campo es obligatorio.']);
    const row = await prisma.aspirant.findUniqueOrThrow({ where: { id }, select: { address_id: true, cellphone: true } });
    expect(row).toEqual({ address_id: null, cellphone: null });
  });

  it('keeps the address of the address step, a municipality of its state, and refuses another state’s', async () => {
    const { id, token } = await signUp();
    const address = await someAddress();
    // The form offers Mexico's states only (the catalogue keeps foreign ones for births abroad)...
    const mexico = await call('GET', 'manage/api/countries/?code=MEX', { token });
    expect(mexico.status).toBe(200);
    expect(mexico.body.data.map((row: { code: string }) => row.code)).toEqual(['MEX']);
    const states = await call('GET', `manage/api/states/?country_id=${mexico.body.data[0].id}&no_paginate=true`, { token });
    expect(states.body.length).toBe(32);
    expect(states.body.map((row: { id: number }) => row.id)).toContain(address.state_id);
    expect(states.body.some((row: { curp_code: string | null }) => row.curp_code === 'NE')).toBe(false);
    expect(await prisma.state.count({ where: { curp_code: 'NE' } })).toBeGreaterThan(0);
    // ...and the chosen state's municipalities.
    const cities = await call('GET', `manage/api/cities/?state_id=${address.state_id}&no_paginate=true`, { token });
    expect(cities.status).toBe(200);
    expect(cities.body.map((row: { id: number }) => row.id)).toContain(address.city_id);
    expect(cities.body.every((row: { state_id: number | { id: number } }) => (typeof row.state_id === 'object' ? row.state_id.id : row.state_id) === address.state_id)).toBe(true);
    const saved = await saveStep(id, token, { step: 'address', ...address });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.values.address).toEqual({ ...address });
    expect(saved.body.missing.address).toBeUndefined();
    const other = await prisma.city.findFirstOrThrow({ where: { state_id: { not: address.state_id } }, select: { id: true } });
    const wrong = await saveStep(id, token, { step: 'address', ...address, city_id: other.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.city_id).toEqual(['Ese municipio no es del estado elegido.']);
    // Saved again: the same address row changes, no second one.
    const again = await saveStep(id, token, { step: 'address', ...address, street: 'Av. Vallarta' });
    expect(again.status).toBe(200);
    const row = await prisma.aspirant.findUniqueOrThrow({ where: { id }, select: { address: { select: { street: true } }, address_id: true } });
    expect(row.address?.street).toBe('Av. Vallarta');
    expect(await prisma.address.count({ where: { source: 'aspirant', parent_id: id } })).toBe(1);
  });

  it('hands the pre-form in only complete, naming every missing field; another applicant’s is out of reach', async () => {
    const { id, token } = await signUp();
    const early = await call('POST', `inscription/api/aspirants/${id}/submit_preform/`, { token });
    expect(early.status).toBe(400);
    expect(early.body.shift_id).toEqual(['Este campo es obligatorio.']);
    expect(early.body.street).toEqual(['Este campo es obligatorio.']);
    const shift = await prisma.shift.findFirstOrThrow({ select: { id: true } });
    const school = await prisma.schoolOrigin.findFirstOrThrow({ select: { id: true } });
    const steps = [
      { step: 'person', names: 'Ximena', first_name: 'Preform', second_name: 'Completa', curp: curpFor('Ximena', 'Preform', 'Completa', '2006-01-20'), birthday: '2006-01-20', genre: 'M' },
      { step: 'contact', email: `completa.${Date.now()}@example.com`, cellphone: '3312345678' },
      { step: 'application', career_id: career.id, shift_id: shift.id },
      { step: 'address', ...(await someAddress()) },
      { step: 'origin', school_origin_id: school.id, notes_prev: 'x'.repeat(250) },
    ];
    for (const body of steps) expect((await saveStep(id, token, body)).status).toBe(200);
    const submitted = await call('POST', `inscription/api/aspirants/${id}/submit_preform/`, { token });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.submitted).toBe(true);
    expect(submitted.body.values.origin.notes_prev).toHaveLength(200);

    const stranger = await signUp();
    expect((await call('GET', `inscription/api/aspirants/${id}/preform/`, { token: stranger.token })).status).toBe(404);
    expect((await saveStep(id, stranger.token, { step: 'origin', notes_prev: 'hola' })).status).toBe(404);
    // Reviewed by staff: no longer the applicant's to change.
    expect((await call('POST', `inscription/api/aspirants/${id}/review_aspirant/`, { token: admin })).status).toBe(200);
    const late = await saveStep(id, token, { step: 'origin', notes_prev: 'otra cosa' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Tu solicitud ya fue revisada: ya no puedes cambiarla. Comunícate con Control Escolar.');
  });
});

describe('conversion', () => {
  it('copies the applicant’s address to the student, as a row of their own', async () => {
    const group = await prisma.group.findFirstOrThrow({ where: { grade: 1, status: true, career_id: career.id, shift_id: { not: null }, cicle_id: openPeriod }, select: { id: true, shift_id: true } });
    await prisma.group.update({ where: { id: group.id }, data: { capacity: 0 } });
    const { id, token, webCode } = await signUp();
    const address = await someAddress();
    expect((await saveStep(id, token, { step: 'address', ...address })).status).toBe(200);
    expect((await saveStep(id, admin, { step: 'application', career_id: career.id, shift_id: group.shift_id })).status).toBe(200);
    await prisma.aspirant.update({ where: { id }, data: { status: 'PAY' } });
    const converted = await call('POST', `inscription/api/aspirants/${id}/convert_to_student/`, { token: admin, body: { group_id: group.id } });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    const applicant = await prisma.aspirant.findUniqueOrThrow({ where: { id }, select: { address_id: true } });
    const student = await prisma.student.findUniqueOrThrow({ where: { id: converted.body.student_id }, select: { address_id: true, address: { select: { street: true, no_external: true, no_internal: true, colony: true, state_id: true, city_id: true, cp: true } } } });
    expect(student.address).toEqual(address);
    expect(student.address_id).not.toBe(applicant.address_id);

    // The applicant's sign-in now says to use the control number, only with the right password.
    const signIn = await call('POST', 'manage/aspirants/', { body: { web_code: webCode, web_pass: PASSWORD } });
    expect(signIn.status).toBe(409);
    expect(signIn.body.no_control).toBe(converted.body.no_control);
    expect(signIn.body.detail).toBe(`Ya eres alumno: entra en /login con tu número de control ${converted.body.no_control} y la misma contraseña.`);
    const wrong = await call('POST', 'manage/aspirants/', { body: { web_code: webCode, web_pass: 'otra-clave-1' } });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).not.toContain(converted.body.no_control);
    // The applicant's session ended with the conversion; the control number signs them in.
    expect((await call('GET', 'manage/check_session/', { token })).status).toBe(401);
    expect((await call('POST', 'manage/login/', { body: { username: converted.body.no_control, password: PASSWORD } })).status).toBe(200);
    const preform = await call('GET', `inscription/api/aspirants/${id}/preform/`, { token: admin });
    expect(preform.body.no_control).toBe(converted.body.no_control);
  });
});

describe('sign-up', () => {
  it('takes only a period open for admission at the campus', async () => {
    const closed = await prisma.cicle.findFirstOrThrow({ where: { campus_id: career.campus_id, admission_open: false }, select: { id: true } });
    const otherCampus = await prisma.cicle.findFirst({ where: { campus_id: { not: career.campus_id }, admission_open: true }, select: { id: true } });
    const before = await prisma.aspirant.count();
    const body = { names: 'Cerrado', first_name: 'Periodo', email: `cerrado.${Date.now()}@example.com`, campus_id: career.campus_id, career_id: career.id, web_pass: PASSWORD, web_pass_confirm: PASSWORD };
    const refused = await call('POST', 'manage/signup/', { body: { ...body, cicle_id: closed.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.cicle_id).toEqual(['Ese periodo no está abierto para admisión en este plantel. Elige uno de la lista.']);
    if (otherCampus) expect((await call('POST', 'manage/signup/', { body: { ...body, cicle_id: otherCampus.id } })).status).toBe(400);
    expect(await prisma.aspirant.count()).toBe(before);
    // Without a choice, the campus's only open period.
    const chosen = await call('POST', 'manage/signup/', { body });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    expect((await prisma.aspirant.findUniqueOrThrow({ where: { id: chosen.body.aspirant.id } })).cicle_id).toBe(openPeriod);
  });

  it('refuses a second application of the same e-mail or CURP in the period (409), offering to send the web code', async () => {
    const curp = curpFor('Renata', 'Doble', 'Registro', '2007-08-09');
    const first = await signUp({ curp });
    const before = await prisma.aspirant.count();
    const sameEmail = await call('POST', 'manage/signup/', { body: { names: 'Renata', first_name: 'Doble', email: first.email.toUpperCase(), campus_id: career.campus_id, career_id: career.id, cicle_id: openPeriod, web_pass: PASSWORD, web_pass_confirm: PASSWORD } });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.duplicate).toBe('email');
    expect(sameEmail.body.detail).toBe('Ya hay una solicitud con este correo para ese periodo. Si no tienes tu código web, pide que te lo enviemos a tu correo.');
    const sameCurp = await call('POST', 'manage/signup/', { body: { names: 'Renata', first_name: 'Doble', email: `otro.${Date.now()}@example.com`, curp: curp.toLowerCase(), campus_id: career.campus_id, career_id: career.id, cicle_id: openPeriod, web_pass: PASSWORD, web_pass_confirm: PASSWORD }, lang: 'en' });
    expect(sameCurp.status).toBe(409);
    expect(sameCurp.body.duplicate).toBe('curp');
    expect(sameCurp.body.detail).toBe('There is already an application with this CURP for that period. If you do not have your web code, ask us to send it to your registered e-mail.');
    expect(JSON.stringify(sameEmail.body) + JSON.stringify(sameCurp.body)).not.toContain(first.webCode);
    expect(await prisma.aspirant.count()).toBe(before);
  });

  it('sends the web code to the registered e-mail, answering the same for an e-mail nobody registered', async () => {
    const { email, webCode } = await signUp();
    await withSmtpSink(async (received) => {
      const known = await call('POST', 'manage/recover_web_code/', { body: { email } });
      const unknown = await call('POST', 'manage/recover_web_code/', { body: { email: `nadie.${Date.now()}@example.com` } });
      expect(known.status).toBe(200);
      expect(unknown).toMatchObject({ status: 200, body: known.body });
      expect(JSON.stringify(known.body)).not.toContain(webCode);
      const mail = await waitForMail(received, email);
      expect(mail.text).toContain(webCode);
      expect(received.filter((item) => !item.to.includes(email))).toEqual([]);
    });
    expect((await call('POST', 'manage/recover_web_code/', { body: { email: 'no-es-correo' } })).status).toBe(400);
  });

  it('holds back repeated requests for one e-mail as failed sign-ins are', async () => {
    const email = `repetido.${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await call('POST', 'manage/recover_web_code/', { body: { email } })).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});

/** The mail the sink received for an address (it leaves after the answer: wait for it a little). */
async function waitForMail(received: ReceivedMail[], to: string): Promise<ReceivedMail & { text: string }> {
  for (let i = 0; i < 100; i += 1) {
    const mail = received.find((item) => item.to.includes(to));
    if (mail) return { ...mail, text: mail.text.replace(/=\r?\n/g, '') };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to}`);
}
