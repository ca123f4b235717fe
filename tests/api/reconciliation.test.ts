// Bank reconciliation through the API: a statement's deposit pays its reference's sale once; the
// lines the school does not know, those of another amount and the unreadable ones are listed;
// importing the same file again changes nothing; a file without the columns is a 400 at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { call, finishedJob, tokenFor } from './client';

let admin: string;
let runner: JobRunner;
let studentId: number;
const sales: number[] = [];

beforeAll(async () => {
  admin = await tokenFor('admin');
  studentId = (await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true } })).id;
  runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await runner.stop({ timeoutMs: 1000 });
  await stopJobSender();
  await prisma.payment.deleteMany({ where: { sale_id: { in: sales } } });
  await prisma.reference.deleteMany({ where: { ref_sale_id: { in: sales } } });
  await prisma.sale.deleteMany({ where: { id: { in: sales } } });
});

/** A sale of one line for the student, and its bank reference. */
async function referencedSale(amount: string) {
  const sale = await call('POST', 'finance/api/sales/', { token: admin, body: { student_id: studentId, notes: 'conciliación' } });
  sales.push(sale.body.id);
  await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: sale.body.id, description: 'Constancia', qty: 1, amount, iva: '0.08' } });
  const reference = await call('POST', `finance/api/sales/${sale.body.id}/reference/`, { token: admin });
  expect(reference.status, JSON.stringify(reference.body)).toBe(200);
  return { saleId: sale.body.id as number, bankRef: reference.body.bank_ref as string };
}

function upload(text: string, name = 'estado-noviembre.csv') {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), name);
  return call('POST', 'finance/api/references/reconcile/', { token: admin, form });
}

describe('reconcile/', () => {
  it('pays the matched references once, lists the rest, and a second import changes nothing', async () => {
    const matched = await referencedSale('1500.00');
    const otherAmount = await referencedSale('800.00');
    const file = [
      'Fecha,Referencia,Importe,Autorización',
      `25/11/2026,${matched.bankRef},"$1,500.00",AUT-778899`,
      `25/11/2026,${otherAmount.bankRef},700.00,AUT-1`,
      '25/11/2026,99999999999999999999,100.00,AUT-2',
      '25/11/2026,sin referencia,100.00,AUT-3',
    ].join('\n');

    const started = await upload(file);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await finishedJob(admin, started.body.job_id);
    expect(job.status, JSON.stringify(job.error)).toBe('DONE');
    expect(job.result).toMatchObject({
      file_name: 'estado-noviembre.csv',
      lines: 4,
      paid: [{ line: 2, reference: matched.bankRef, amount: '1500.00', sale_id: matched.saleId }],
      already_paid: [],
      unknown: [{ line: 4, reference: '99999999999999999999', amount: '100.00' }],
      mismatched: [{ line: 3, reference: otherAmount.bankRef, amount: '700.00', expected: '800.00', reason: 'amount' }],
      unreadable: [{ line: 5, problem: 'reference' }],
    });
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: matched.saleId }, include: { payments: true } });
    expect([sale.paid, sale.total_debt.toFixed(2), sale.payments.length]).toEqual([true, '0.00', 1]);
    expect(sale.payments[0].notes).toContain('AUT-778899');
    const reference = await prisma.reference.findFirstOrThrow({ where: { bank_ref: matched.bankRef } });
    expect([reference.paid, reference.paid_ref, reference.paid_date?.toISOString().slice(0, 10)]).toEqual([true, 'AUT-778899', '2026-11-25']);
    expect((await prisma.sale.findUniqueOrThrow({ where: { id: otherAmount.saleId } })).paid).toBe(false);

    // The same file again: nothing new is paid, no row or history changes.
    const historyBefore = await prisma.auditLog.count();
    const again = await finishedJob(admin, (await upload(file)).body.job_id);
    expect(again.result.paid).toEqual([]);
    expect(again.result.already_paid).toEqual([{ line: 2, reference: matched.bankRef, amount: '1500.00' }]);
    expect(await prisma.payment.count({ where: { sale_id: matched.saleId } })).toBe(1);
    expect(await prisma.auditLog.count()).toBe(historyBefore);
  });

  it('refuses at once a file without reference and amount columns, or without a file', async () => {
    const noColumns = await upload('fecha,descripcion\n01/11/2026,depósito\n');
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.file).toEqual(['El archivo no tiene columnas de referencia e importe en su primera fila.']);
    const noFile = await call('POST', 'finance/api/references/reconcile/', { token: admin, form: new FormData() });
    expect(noFile.status).toBe(400);
    const student = await call('POST', 'finance/api/references/reconcile/', { token: await tokenFor('alumno'), form: new FormData() });
    expect(student.status).toBe(403);
  });
});
