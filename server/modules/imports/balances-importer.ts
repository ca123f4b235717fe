// The opening balances importer (saldos iniciales): what each student owed in the previous system,
// per concept and period, with its due date. Charged by finance (keepOpeningBalances) as a sale
// like any charged here, so Finanzas and the portal show the debt as they show every other one.
// The amount is exact money (positiveMoney: more than zero, two decimals at most). Natural key:
// student + concept + period + due date; a charge already paid is never changed.
import { z } from 'zod';
import { positiveMoney } from '@/server/modules/shared/fields';
import { type OpeningBalance, keepOpeningBalances } from '@/server/modules/finance';
import type { ImportColumn } from './definition';
import { defineImporter } from './definition';
import { ciclesOfStudent, concepts, studentsByKey } from './history-catalogs';
import { resources } from './importer-resources';
import { judge } from './through';

export const BALANCE_COLUMNS: readonly ImportColumn[] = [
  { key: 'student', es: 'Alumno (CURP o número de control)', en: 'Student (CURP or control number)', aliases: ['Alumno', 'CURP', 'Número de control', 'Matrícula', 'Student'], type: 'catalog', catalog: studentsByKey, required: true, example: '20260001' },
  { key: 'concept', es: 'Concepto', en: 'Concept', aliases: ['Clave del concepto', 'Concept code'], type: 'catalog', catalog: concepts, required: true, example: 'COL' },
  { key: 'cicle', es: 'Periodo', en: 'Period', aliases: ['Ciclo', 'Ciclo escolar', 'Cicle'], type: 'catalog', catalog: ciclesOfStudent, required: true, example: '2026-1' },
  { key: 'amount', es: 'Importe pendiente', en: 'Amount owed', aliases: ['Importe', 'Monto', 'Saldo', 'Adeudo', 'Amount', 'Balance'], type: 'decimal', required: true, example: '4256,50' },
  { key: 'due_date', es: 'Fecha de vencimiento', en: 'Due date', aliases: ['Vencimiento', 'Fecha límite', 'Due'], type: 'date', example: '10/02/2026' },
];

/** The amount by the API's money rule; the catalogue columns are required, and resolved by the framework. */
const schema = z.object({ amount: positiveMoney });
const COLUMN_OF: Record<string, string> = { student_id: 'student', concept_id: 'concept', cicle_id: 'cicle', amount: 'amount', due_date: 'due_date' };

export const balancesImporter = defineImporter<OpeningBalance>({
  name: 'balances',
  resource: () => resources.sale,
  columns: BALANCE_COLUMNS,
  naturalKey: ['student', 'concept', 'cicle', 'due_date'],
  columnOfField: COLUMN_OF,
  validate: async (values) => {
    const judged = judge(schema, { amount: values.amount }, COLUMN_OF);
    if (!judged.ok) return judged;
    // A catalogue cell the framework refused (or left empty) is already reported on its column.
    if (typeof values.student !== 'number' || typeof values.concept !== 'number' || typeof values.cicle !== 'number') return { ok: false, errors: [] };
    const input: OpeningBalance = { student_id: values.student, concept_id: values.concept, cicle_id: values.cicle, amount: String(judged.parsed.amount), due_date: typeof values.due_date === 'string' ? values.due_date : null };
    return { ok: true, key: `${input.student_id}:${input.concept_id}:${input.cicle_id}:${input.due_date ?? ''}`, input };
  },
  write: async (row, ctx) => (await keepOpeningBalances(ctx.tx!, ctx.actor, [row], ctx.reason))[0],
  writeBatch: (rows, ctx) => keepOpeningBalances(ctx.tx!, ctx.actor, rows, ctx.reason),
});
