// Admissions through the API: an applicant's way from pre-registration to student (review, the
// admission charge and its reference, the payment moving them to PAY, the conversion), every
// refused move a 409 naming the states; converting twice is refused; twenty conversions at once get
// twenty consecutive control numbers; an applicant reaches only their own application, and only
// until it is reviewed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { withSmtpSink } from './smtp-sink';

let admin: string;
let group: { id: number; cicle_id: number; career_id: number; shift_id: number; campus_id: number };
let counter = 0;

beforeAll(async () => {
  admin = await tokenFor('admin');
  // A first-grade group of the active period: where new students of its career and shift go.
  const row = await prisma.group.findFirstOrThrow({
    where: { grade: 1, status: true, shift_id: { not: null }, career_id: { not: null }, cicle: { is_active: true }, capacity: 0 },
    orderBy: { id: 'asc' },
    select: { id: true, cicle_id: true, career_id: true, shift_id: true, cicle: { select: { campus_id: true } } },
  }).catch(() =>
    prisma.group.findFirstOrThrow({
      where: { grade: 1, status: true, shift_id: { not: null }, career_id: { not: null }, cicle: { is_active: true } },
      orderBy: { id: 'asc' },
      select: { id: true, cicle_id: true, career_id: true, shift_id: true, cicle: { select: { campus_id: true } } },
    }),
  );
  group = { id: row.id, cicle_id: row.cicle_id, career_id: row.career_id!, shift_id: row.shift_id!, campus_id: row.cicle.campus_id! };
  // Room for the conversions of this file.
  await prisma.group.update({ where: { id: group.id }, data: { capacity: 0 } });
});

afterAll(async () => {
  await prisma.setting.updateMany({ data: { email_host: '' } });
});

/** An applicant of the group's career, shift and period, in the given status. */
async function applicant(status: 'PRE' | 'REV' | 'PEND' | 'PAY' = 'PRE', extra: Record<string, unknown> = {}) {
  counter += 1;
  const row = await prisma.aspirant.create({
    data: {
      web_code: `T${Date.now() % 1_000_000}${counter}`,
      names: 'Prueba',
      first_name: 'Admisión',
      second_name: `Número ${counter}`,
      email: `aspirante${counter}@example.com`,
      status,
      cicle_id: group.cicle_id,
      campus_id: group.campus_id,
      career_id: group.career_id,
      shift_id: group.shift_id,
      contact_name: 'María Fernanda Ríos Gómez',
      contact_telephone: '3312345678',
      ...extra,
    },
    select: { id: true, web_code: true },
  });
  return row;
}

const action = (id: number, name: string, body: unknown = {}) => call('POST', `inscription/api/aspirants/${id}/${name}/`, { token: admin, body });

describe('the applicant state machine through the API', () => {
  it('goes from pre-registration to student, every refused move a 409 that names the states', async () => {
    const { id } = await applicant();
    const early = await action(id, 'convert_to_student');
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('No se puede convertir en alumno: el aspirante está en «Preregistro» y esta acción requiere «Pagado».');

    expect((await action(id, 'review_aspirant')).body.status).toBe('REV');
    const twice = await action(id, 'review_aspirant');
    expect(twice.status).toBe(409);

    // The admission charge with its reference; asked again, the same charge.
    const payment = await action(id, 'generate_payment');
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    expect(payment.body).toMatchObject({ status: 'PEND', sale_id: expect.any(Number), reference: { bank_ref: expect.stringMatching(/^\d+$/) } });
    const again = await action(id, 'generate_payment');
    expect(again.body.sale_id).toBe(payment.body.sale_id);
    expect(await prisma.sale.count({ where: { aspirant_id: id, status: true } })).toBe(1);
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: payment.body.sale_id }, include: { details: { include: { concept: true } } } });
    expect([sale.category, sale.is_locked]).toEqual(['I', true]);
    expect(sale.details.some((line) => line.concept?.is_inscription)).toBe(true);

    // Starting over cancels the open charge; the charge is made again after a new review.
    const reset = await action(id, 'reset_process', { reason: 'Cambió de carrera' });
    expect(reset.body.status).toBe('PRE');
    expect(await prisma.sale.findUniqueOrThrow({ where: { id: payment.body.sale_id } })).toMatchObject({ status: false, cancel_notes: 'Cambió de carrera' });
    await action(id, 'review_aspirant');
    const second = await action(id, 'generate_payment');
    expect(second.body.sale_id).not.toBe(payment.body.sale_id);

    // The bank pays the reference: the applicant is PAY.
    const reference = await call('GET', `finance/api/references/${second.body.reference.id}/`, { token: admin });
    const paid = await call('PUT', `finance/api/references/${second.body.reference.id}/`, { token: admin, body: { ...reference.body, paid: true, paid_ref: 'BANCO-1' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await prisma.aspirant.findUniqueOrThrow({ where: { id } })).status).toBe('PAY');
    // A paid applicant keeps their payment: no starting over.
    expect((await action(id, 'reset_process')).status).toBe(409);

    const converted = await action(id, 'convert_to_student');
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(converted.body).toMatchObject({ status: 'INS', no_control: expect.stringMatching(/^\d{8,}$/) });
    // The first-grade group of the career and shift in the period with the most room.
    const placed = await prisma.group.findUniqueOrThrow({ where: { id: converted.body.group.id } });
    expect([placed.grade, placed.career_id, placed.shift_id, placed.cicle_id]).toEqual([1, group.career_id, group.shift_id, group.cicle_id]);
    const student = await prisma.student.findUniqueOrThrow({ where: { id: converted.body.student_id }, include: { families: { include: { family: true } }, user: { include: { roles: { include: { role: true } } } } } });
    expect([student.names, student.first_name, student.current_group_id, student.career_id]).toEqual(['Prueba', 'Admisión', placed.id, group.career_id]);
    expect(student.families.map((link) => [link.family.names, link.family.first_name, link.family.second_name])).toEqual([['María Fernanda', 'Ríos', 'Gómez']]);
    expect(student.user?.username).toBe(converted.body.no_control);
    expect(student.user?.roles.map((link) => link.role.short)).toContain('student');
    expect(await prisma.studentGroup.count({ where: { student_id: student.id, group_id: placed.id } })).toBe(1);
    expect((await prisma.sale.findUniqueOrThrow({ where: { id: second.body.sale_id } })).student_id).toBe(student.id);

    const twiceConverted = await action(id, 'convert_to_student');
    expect(twiceConverted.status).toBe(409);
    expect(await prisma.student.count({ where: { no_control: converted.body.no_control } })).toBe(1);
    const history = await prisma.auditLog.findMany({ where: { resource: 'aspirants', record_id: String(id) }, orderBy: { id: 'asc' } });
    expect(history.length).toBeGreaterThanOrEqual(6);
  });

  it('takes an applicant off the board and back; nothing else while off it', async () => {
    const { id } = await applicant('REV');
    expect((await action(id, 'delete_aspirant', { reason: 'Ya no está interesado' })).body).toMatchObject({ status: 'REV', is_active: false });
    const refused = await action(id, 'generate_payment');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('No se puede generar el pago: el aspirante está dado de baja. Reactívelo primero.');
    expect((await action(id, 'reactivate_aspirant')).body).toMatchObject({ status: 'REV', is_active: true });
    expect((await action(id, 'reactivate_aspirant')).status).toBe(409);
    expect(await prisma.aspirant.count({ where: { id } })).toBe(1);
  });

  it('asks for the shift wherever the career or campus is chosen', async () => {
    const { id } = await applicant();
    const shown = await call('GET', `inscription/api/aspirants/${id}/`, { token: admin });
    const answer = await call('PUT', `inscription/api/aspirants/${id}/`, { token: admin, body: { ...shown.body, shift_id: null } });
    expect(answer.status).toBe(400);
    expect(answer.body.shift_id).toEqual(['El turno es obligatorio para un aspirante.']);
  });
});

describe('convert_to_student/ under concurrency', () => {
  it('gives twenty applicants converted at once twenty consecutive control numbers', async () => {
    const applicants = await Promise.all(Array.from({ length: 20 }, () => applicant('PAY')));
    const answers = await Promise.all(applicants.map(({ id }) => action(id, 'convert_to_student')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const numbers = answers.map((answer) => answer.body.no_control as string).sort();
    expect(new Set(numbers).size).toBe(20);
    const serials = numbers.map((number) => Number(number.slice(-4)));
    expect(serials.every((serial, index) => index === 0 || serial === serials[index - 1] + 1)).toBe(true);
    const base = (await prisma.setting.findFirstOrThrow()).base_serial;
    expect(numbers.every((number) => number.startsWith(base))).toBe(true);
  });
});

describe('the applicant in their portal', () => {
  /** An applicant signed up from the portal, with the career, campus and shift of the group. */
  async function signedUp(name: string) {
    const answer = await call('POST', 'manage/signup/', {
      body: { names: name, first_name: 'Portal', email: `${name.toLowerCase()}@example.com`, campus_id: group.campus_id, career_id: group.career_id, web_pass: 'segura-123', web_pass_confirm: 'segura-123' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { id: answer.body.aspirant.id as number, token: answer.body.token as string };
  }

  it('reads and changes only their own application, and only until it is reviewed', async () => {
    const mine = await signedUp('Paola');
    const other = await signedUp('Rocio');
    const token = mine.token;

    const own = await call('GET', `inscription/api/aspirants/${mine.id}/`, { token });
    expect(own.status).toBe(200);
    expect(own.body.web_pass).toBeUndefined();
    expect([403, 404]).toContain((await call('GET', `inscription/api/aspirants/${other.id}/`, { token })).status);
    const list = await call('GET', 'inscription/api/aspirants/', { token });
    expect(list.body.data.map((row: { id: number }) => row.id)).toEqual([mine.id]);
    expect([403, 404]).toContain((await call('PUT', `inscription/api/aspirants/${other.id}/`, { token, body: { notes_prev: 'no' } })).status);
    // The staff's actions are not theirs.
    expect((await call('POST', `inscription/api/aspirants/${mine.id}/review_aspirant/`, { token })).status).toBe(403);

    const changed = await call('PUT', `inscription/api/aspirants/${mine.id}/`, { token, body: { ...own.body, shift_id: group.shift_id, notes_prev: '¿Hay becas?' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await action(mine.id, 'review_aspirant');
    const late = await call('PUT', `inscription/api/aspirants/${mine.id}/`, { token, body: { ...changed.body, notes_prev: 'otra cosa' } });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Tu solicitud ya fue revisada: ya no puedes cambiarla. Comunícate con Control Escolar.');
  });
});

describe('stats/', () => {
  it("counts a period's active applicants by status, career, campus, how they found the school and school of origin, also as a workbook", async () => {
    const answer = await call('GET', `inscription/api/aspirants/stats/?cicle_id=${group.cicle_id}`, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = await prisma.aspirant.groupBy({ by: ['status'], where: { cicle_id: group.cicle_id, is_active: true }, _count: true });
    const total = expected.reduce((sum, row) => sum + row._count, 0);
    expect(answer.body.total).toBe(total);
    expect(answer.body.by_status.map((row: { key: string }) => row.key)).toEqual(['PRE', 'REV', 'PEND', 'PAY', 'INS']);
    for (const row of expected) expect(answer.body.by_status.find((item: { key: string }) => item.key === row.status).count).toBe(row._count);
    expect(answer.body.by_status.find((row: { key: string }) => row.key === 'PRE').label).toBe('Preregistro');
    for (const dimension of ['by_career', 'by_campus', 'by_how_find', 'by_school_origin']) {
      expect(answer.body[dimension].reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(total);
    }
    expect((await call('GET', 'inscription/api/aspirants/stats/?cicle_id=abc', { token: admin })).status).toBe(400);

    const file = await call<ArrayBuffer>('GET', `inscription/api/aspirants/stats/?cicle_id=${group.cicle_id}&format=xlsx`, { token: admin, raw: true });
    expect(file.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Por estado', 'Por carrera', 'Por plantel', 'Cómo se enteraron', 'Escuela de procedencia']);
    const byStatus = workbook.worksheets[0];
    expect(byStatus.getRow(1).values).toEqual([undefined, 'Por estado', 'Aspirantes']);
    expect(byStatus.getRow(byStatus.rowCount).values).toEqual([undefined, 'Total', total]);
  });
});

describe('the admissions board', () => {
  it('lists the applicants at one step (admission_status=), the active flag still under status=', async () => {
    const reviewed = await call('GET', `inscription/api/aspirants/?admission_status=REV&status=true&no_paginate=true`, { token: admin });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body.length).toBe(await prisma.aspirant.count({ where: { status: 'REV', is_active: true } }));
    expect(reviewed.body.every((row: { status: string; is_active: boolean }) => row.status === 'REV' && row.is_active)).toBe(true);
    const two = await call('GET', `inscription/api/aspirants/?admission_status=PRE,PAY&no_paginate=true`, { token: admin });
    expect(two.body.length).toBe(await prisma.aspirant.count({ where: { status: { in: ['PRE', 'PAY'] } } }));
    expect((await call('GET', 'inscription/api/aspirants/?admission_status=XYZ', { token: admin })).status).toBe(400);
  });
});

describe('e-mail at each step', () => {
  it("tells the applicant through the school's SMTP server (a local sink) when they are reviewed and when their reference is issued", async () => {
    await withSmtpSink(async (received) => {
      const { id } = await applicant();
      const email = (await prisma.aspirant.findUniqueOrThrow({ where: { id } })).email!;
      expect((await action(id, 'review_aspirant')).status).toBe(200);
      const payment = await action(id, 'generate_payment');
      expect(payment.status).toBe(200);
      const mine = received.filter((mail) => mail.to.includes(email));
      expect(mine.length).toBe(2);
      expect(mine[0].text).toContain('Revisamos tu solicitud');
      expect(mine[1].text.replace(/=\r?\n/g, '')).toContain(payment.body.reference.bank_ref);
    });
  });
});

describe('inscriptions/', () => {
  it("lists a period's converted applicants with their group, first charges and missing documents, also as a workbook", async () => {
    const { id } = await applicant('REV');
    const payment = await action(id, 'generate_payment');
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: payment.body.sale_id } });
    await prisma.aspirant.update({ where: { id }, data: { status: 'PAY' } });
    const converted = await action(id, 'convert_to_student');
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);

    const answer = await call('GET', `inscription/api/aspirants/inscriptions/?cicle_id=${group.cicle_id}`, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = answer.body.rows.find((item: { aspirant_id: number }) => item.aspirant_id === id);
    expect(row).toMatchObject({ student_id: converted.body.student_id, no_control: converted.body.no_control, group: converted.body.group.code, charged: sale.total_neto.toFixed(2), paid: '0.00', debt: sale.total_neto.toFixed(2) });
    // Nothing handed in: every mandatory type that applies to a student is missing.
    const mandatory = await prisma.documentType.findMany({ where: { status: true, mandatory: true, category: 'students', is_foreign: { in: ['M', 'B'] }, category_career: 'GENERAL' }, select: { name: true } });
    for (const type of mandatory) expect(row.pending_documents).toContain(type.name);
    expect(answer.body.total).toBe(await prisma.aspirant.count({ where: { status: 'INS', cicle_id: group.cicle_id, student_id: { not: null } } }));
    expect(answer.body.with_debt).toBe(answer.body.rows.filter((item: { debt: string }) => Number(item.debt) > 0).length);

    // Another career's filter leaves it out; bad or missing parameters are the user's mistake.
    const other = await call('GET', `inscription/api/aspirants/inscriptions/?cicle_id=${group.cicle_id}&career_id=2147483000`, { token: admin });
    expect(other.body.rows).toEqual([]);
    expect((await call('GET', 'inscription/api/aspirants/inscriptions/', { token: admin })).status).toBe(400);
    expect((await call('GET', 'inscription/api/aspirants/inscriptions/?cicle_id=x', { token: admin })).status).toBe(400);
    expect((await call('GET', `inscription/api/aspirants/inscriptions/?cicle_id=${group.cicle_id}`, { token: await tokenFor('alumno') })).status).toBe(403);

    const file = await call<ArrayBuffer>('GET', `inscription/api/aspirants/inscriptions/?cicle_id=${group.cicle_id}&format=xlsx`, { token: admin, raw: true });
    expect(file.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'No. de control', 'Alumno', 'Carrera', 'Turno', 'Grupo', 'Inscrito el', 'Cargos del periodo', 'Total pagado', 'Adeudo total', 'Documentos pendientes']);
    expect(sheet.rowCount).toBe(answer.body.total + 1);
    const line = sheet.getRows(2, sheet.rowCount - 1)!.find((candidate) => candidate.getCell(1).value === converted.body.no_control)!;
    expect(line.getCell(7).value).toBe(Number(sale.total_neto.toFixed(2)));
    expect(String(line.getCell(10).value)).toContain(mandatory[0]?.name ?? '');
  });
});
