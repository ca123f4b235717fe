// Finance's actions (Finanzas): sales and their carts, payments, references, tuition, scholarships.
import { z } from 'zod';
import { positiveId } from '@/lib/validation';
import { PDF, defineContract, fileAnswer } from './contract';
import { wireDecimal, wireId, wireInstant, wireRecord } from './wire';

const SALES = 'finance/api/sales/';

// lib/finance/sale-totals.ts LineKind: inscription, tuition (recurrent), reinscription, any other concept.
const lineKind = z.enum(['I', 'R', 'RR', 'C']);
const lineTotals = z.object({ total: wireDecimal, scholarship: wireDecimal, net: wireDecimal, tax: wireDecimal, locked: z.boolean() });

/** GET finance/api/sales/{id}/cart/ */
export const saleCart = defineContract({
  method: 'GET',
  base: SALES,
  path: '{id}/cart/',
  summary: 'Everything the cart of a sale shows: its lines, the concepts it may be charged at their price, its discounts, payments and totals.',
  output: z.object({
    sale: z.object({ id: wireId, status: z.boolean(), paid: z.boolean(), is_locked: z.boolean(), student_id: wireId.nullable(), rate: wireDecimal }),
    lines: z.array(
      z.object({
        id: wireId,
        concept_id: wireId.nullable(),
        description: z.string(),
        qty: z.number().int(),
        amount: wireDecimal,
        discount: wireDecimal,
        iva: wireDecimal,
        total: wireDecimal,
        concept: z.object({ id: wireId, code: z.string(), is_inscription: z.boolean(), recurrency_id: wireId.nullable() }).nullable(),
        locked: z.boolean(),
      }),
    ),
    concepts: z.array(z.object({ id: wireId, code: z.string(), description: z.string(), amount: wireDecimal, iva: wireDecimal, kind: lineKind, discount: wireDecimal })),
    discounts: z.array(z.object({ id: wireId, discount: wireDecimal, percentage: wireDecimal, comment: z.string().nullable() })),
    payments: z.array(wireDecimal),
    totals: z.object({
      amount: wireDecimal,
      discount: wireDecimal,
      scholarship: wireDecimal,
      total_neto: wireDecimal,
      extra_discount: wireDecimal,
      total_pay: wireDecimal,
      subtotal: wireDecimal,
      tax: wireDecimal,
      total_paid: wireDecimal,
      total_debt: wireDecimal,
      paid: z.boolean(),
      dollars: wireDecimal.nullable(),
      lines: z.array(lineTotals),
    }),
  }),
});

/** POST finance/api/sales/update_paid_date/ */
export const updateSalePaidDate = defineContract({
  method: 'POST',
  base: SALES,
  path: 'update_paid_date/',
  summary: 'Corrects the day a paid sale was paid (a deposit seen days later), never into the future.',
  input: z.object({ sale_id: positiveId, paid_at: z.iso.date() }),
  output: z.object({ id: wireId, paid_at: wireInstant }),
  errors: [409],
});

/** POST finance/api/sales/{id}/cancel/ */
export const cancelSale = defineContract({
  method: 'POST',
  base: SALES,
  path: '{id}/cancel/',
  summary: 'Cancels a sale with its reason, when no payment is active and no stamped invoice covers it; its open references go with it.',
  // The reason is required; the handler says so with its own message (errors.cancel_reason).
  input: z.object({ reason: z.string().max(500).optional() }),
  output: wireRecord,
  errors: [409],
});

/** GET finance/api/sales/{id}/receipt/ */
export const saleReceipt = defineContract({
  method: 'GET',
  base: SALES,
  path: '{id}/receipt/',
  summary: 'The sale’s receipt as a PDF (`inline=true` to show it in the browser).',
  query: z.object({ inline: z.enum(['true', 'false']).optional() }),
  output: fileAnswer(PDF),
});

