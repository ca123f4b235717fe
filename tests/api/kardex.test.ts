// The kardex: a student reads only their own, and its PDF carries the institution, the student and
// every subject (read back with pdf.js).
import { describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { pdfText } from './pdf-text';

describe('kardex', () => {
  it("a student reads their own kardex and never another student's", async () => {
    const token = await tokenFor('alumno');
    const own = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } } });
    const mine = await call('GET', 'reports/api/student-kardex/?no_paginate=true', { token });
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((row: { student_id: number }) => row.student_id === own.id)).toBe(true);
    const other = await prisma.studentKardex.findFirstOrThrow({ where: { student_id: { not: own.id } } });
    expect((await call('GET', `reports/api/student-kardex/${other.id}/`, { token })).status).toBe(404);
    const filtered = await call('GET', `reports/api/student-kardex/?no_paginate=true&student_id=${other.student_id}`, { token });
    expect(filtered.body).toEqual([]);
    // The PDF of "another student" is still one's own.
    const pdf = await call<ArrayBuffer>('GET', `reports/api/student-kardex/pdf/?student_id=${other.student_id}`, { token, raw: true });
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.body)).toContain(own.no_control);
  });

  it('downloads as a PDF with the institution, the date, the student and their subjects', async () => {
    const token = await tokenFor('alumno');
    const own = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } } });
    const answer = await call<ArrayBuffer>('GET', 'reports/api/student-kardex/pdf/', { token, raw: true });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain(`Kárdex ${own.no_control}.pdf`.replace(/á/, 'a'));
    expect(Buffer.from(answer.body).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(answer.body);
    const setting = await prisma.setting.findFirstOrThrow();
    expect(text).toContain(setting.institution_name);
    expect(text).toContain(own.names);
    expect(text).toMatch(/Emitido el \d{2}\/\d{2}\/\d{4}/);
    const subjects = await prisma.studentKardex.findMany({ where: { student_id: own.id }, select: { description: true } });
    for (const subject of subjects.slice(0, 5)) expect(text).toContain(subject.description.slice(0, 20));
  });

  it('staff name the student; without one they get a field message', async () => {
    const token = await tokenFor('control');
    const student = await prisma.studentKardex.findFirstOrThrow({ select: { student_id: true, no_control: true } });
    const answer = await call<ArrayBuffer>('GET', `reports/api/student-kardex/pdf/?student_id=${student.student_id}`, { token, raw: true });
    expect(answer.status).toBe(200);
    expect(await pdfText(answer.body)).toContain(student.no_control);
    const missing = await call('GET', 'reports/api/student-kardex/pdf/', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.student_id).toBeTruthy();
    expect((await call('GET', `reports/api/student-kardex/pdf/?student_id=${student.student_id}`, { token: await tokenFor('finanzas') })).status).toBe(403);
  });
});
