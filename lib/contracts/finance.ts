// Finance's actions (Finanzas): sales and their carts, payments, references, tuition, scholarships.
import { z } from 'zod';
import { calendarDay, integer, percent, positiveId } from '@/lib/validation';
import { PDF, XLSX, defineContract, fileAnswer } from './contract';
import { wireDate, wireDecimal, wireId, wireInstant, wireRecord } from './wire';

const SALES = 'finance/api/sales/';
const PAYMENTS = 'finance/api/payments/';
const REFERENCES = 'finance/api/references/';
const RECURRENTS = 'finance/api/recurrents/';
const STUDENT_SHIPS = 'finance/api/student-ships/';

/** `?inline=true` shows a PDF in the browser instead of downloading it. */
const inlineQuery = z.object({ inline: z.enum(['true', 'false']).optional() });
/** A long task's start (202): the job whose bar and result the screen follows (manage/api/jobs/{id}/). */
const jobStarted = z.object({ job_id: wireId });
/** A bank reference as a sale's payer receives it: the number to deposit to, the amount and its last day. */
const issuedReference = z.object({ id: wireId, bank_ref: z.string(), amount: wireDecimal, vigency: wireDate });

// lib/finance/sale-totals.ts LineKind: inscription, tuition (recurrent), reinscription, any other concept.
const lineKind = z.enum(['I', 'R', 'RR', 'C']);
const lineTotals = z.object({ total: wireDecimal, scholarship: wireDecimal, net: wireDecimal, tax: wireDecimal, locked: z.boolean() });

/** A concept a sale may charge, at its price, with the unit discount a new line of it gets. */
const offeredConcept = z.object({ id: wireId, code: z.string(), description: z.string(), amount: wireDecimal, iva: wireDecimal, kind: lineKind, discount: wireDecimal });

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
    concepts: z.array(offeredConcept),
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
  input: z.object({ reason: z.string().trim().max(2000).optional() }),
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


/** GET finance/api/sales/student_shop/ */
export const studentShopOffer = defineContract({
  method: 'GET',
  base: SALES,
  path: 'student_shop/',
  summary: 'What the student may buy in the portal (the web concepts of their price lists in force), at their own price and discount.',
  // Staff look at a student's offer by naming them; the handler checks the id with its own message.
  query: z.object({ student_id: z.string().optional() }),
  output: z.object({ results: z.array(z.object({ id: wireId, code: z.string(), description: z.string(), amount: wireDecimal, discount: wireDecimal })) }),
});

/** POST finance/api/sales/student_shop/ */
export const studentShopBuy = defineContract({
  method: 'POST',
  base: SALES,
  path: 'student_shop/',
  summary: 'A student buys concepts of the shop: one web sale of those lines, priced as at the counter, with the bank reference to pay it.',
  input: z.object({
    // Staff buying for a student name them.
    student_id: positiveId.optional(),
    // At least one item is required; the handler says so with its own message (finance.cart.select_product).
    items: z.array(z.object({ concept_id: positiveId, qty: integer(1, 20) })).max(20).optional(),
  }),
  output: z.object({ sale_id: wireId, total_pay: wireDecimal, reference: issuedReference.nullable() }),
});

/** POST finance/api/sales/{id}/reference/ */
export const saleReference = defineContract({
  method: 'POST',
  base: SALES,
  path: '{id}/reference/',
  summary: 'The bank reference for what the sale owes: the one in force when its amount still matches, else a new one (the old one cancelled).',
  output: issuedReference.extend({ ref_sale_id: wireId.nullable(), created: z.boolean() }),
  errors: [409],
});

/** GET finance/api/payments/{id}/receipt/ */
export const paymentReceipt = defineContract({
  method: 'GET',
  base: PAYMENTS,
  path: '{id}/receipt/',
  summary: 'The receipt of the payment’s sale as a PDF, this payment marked (`inline=true` to show it in the browser).',
  query: inlineQuery,
  output: fileAnswer(PDF),
});

/** POST finance/api/payments/{id}/cancel/ */
export const cancelPayment = defineContract({
  method: 'POST',
  base: PAYMENTS,
  path: '{id}/cancel/',
  summary: 'Cancels a payment with its reason (the sale owes it again); refused while a stamped invoice covers the sale.',
  // The reason is required; the handler says so with its own message (errors.cancel_reason).
  input: z.object({ reason: z.string().trim().max(2000).optional() }),
  output: wireRecord,
  errors: [409],
});

/** POST finance/api/references/reconcile/ */
export const reconcileStatement = defineContract({
  method: 'POST',
  base: REFERENCES,
  path: 'reconcile/',
  summary: 'Reconciles the bank’s statement (CSV, under `file`) against the open references, as a job: each deposit that matches pays its reference.',
  multipart: true,
  // The file is required; the handler says so with its own message (errors.file_required).
  input: z.object({ file: z.file({ error: 'errors.file_required' }).optional() }),
  output: jobStarted,
  status: 202,
  errors: [413],
});

/** GET finance/api/references/{id}/pdf/ */
export const referenceSlip = defineContract({
  method: 'GET',
  base: REFERENCES,
  path: '{id}/pdf/',
  summary: 'The reference’s deposit slip as a PDF, to print again (`inline=true` to show it in the browser).',
  query: inlineQuery,
  output: fileAnswer(PDF),
});

/** Month numbers of a period to charge (all of the period's when left out). */
const tuitionMonths = z.array(integer(1, 12)).max(12).optional();

/** POST finance/api/recurrents/generate/ */
export const generateTuition = defineContract({
  method: 'POST',
  base: RECURRENTS,
  path: 'generate/',
  summary: 'Creates the monthly tuition charges of a period for every student in its groups (one career, or all), as a job.',
  input: z.object({ cicle_id: positiveId, months: tuitionMonths, career_id: positiveId.optional() }),
  output: jobStarted,
  status: 202,
});

/** POST finance/api/recurrents/force/ */
export const forceTuition = defineContract({
  method: 'POST',
  base: RECURRENTS,
  path: 'force/',
  summary: 'Creates one student’s monthly charges now (a student who joined late): of their group’s period, or the one named.',
  input: z.object({ student_id: positiveId, cicle_id: positiveId.optional(), months: tuitionMonths }),
  output: z.object({ created: z.number().int() }),
});

/** One month of a student's tuition as check_student/ answers it (server/modules/finance/tuition.ts StudentMonth). */
export const tuitionMonth = z.object({
  id: wireId,
  cicle_id: wireId.nullable(),
  month: z.number().int(),
  month_name: z.string(),
  year: z.number().int(),
  limit_date: wireDate,
  concept_id: wireId,
  concept: z.string(),
  amount: wireDecimal,
  discount: wireDecimal,
  surcharge: wireDecimal,
  total: wireDecimal,
  paid: z.boolean(),
  sale_id: wireId.nullable(),
  state: z.enum(['PAID', 'BILLED', 'LATE', 'PENDING']),
});

/** POST finance/api/recurrents/check_student/ */
export const checkStudentTuition = defineContract({
  method: 'POST',
  base: RECURRENTS,
  path: 'check_student/',
  summary: 'A student’s monthly charges (of one period, or all) priced for today, and what the months still to pay add up to.',
  // A student asks for their own; staff name the student (the handler says when it is missing).
  input: z.object({ student_id: positiveId.optional(), cicle_id: positiveId.optional() }),
  output: z.object({ student_id: wireId, today: wireDate, pending_months: z.number().int(), owed: wireDecimal, months: z.array(tuitionMonth) }),
});

/** POST finance/api/recurrents/pay/ */
export const payTuition = defineContract({
  method: 'POST',
  base: RECURRENTS,
  path: 'pay/',
  summary: 'One sale of the chosen months (each with its discount, and its surcharge when late); a student paying from the portal gets its bank reference.',
  input: z.object({
    // A student pays their own; staff name the student (the handler says when it is missing).
    student_id: positiveId.optional(),
    // At least one month is required; the handler says so with its own message (finance.tuition.select_month).
    months: z.array(positiveId).max(36).optional(),
  }),
  output: z.object({ sale_id: wireId, total_pay: wireDecimal, months: z.array(wireId), reference: issuedReference.nullable() }),
});

/** POST finance/api/recurrents/notify/ */
export const notifyTuition = defineContract({
  method: 'POST',
  base: RECURRENTS,
  path: 'notify/',
  summary: 'E-mails every student with months to pay a reminder of them, through the school’s mail server, as a job.',
  output: jobStarted,
  status: 202,
});

/** POST finance/api/student-ships/validate/ */
export const validateScholarship = defineContract({
  method: 'POST',
  base: STUDENT_SHIPS,
  path: 'validate/',
  summary: 'Whether a scholarship may be granted to a student for a period, with their last average and every reason it may not.',
  input: z.object({ student_id: positiveId, scholar_ship_id: positiveId, cicle_id: positiveId }),
  output: z.object({ valid: z.boolean(), average: wireDecimal.nullable(), reasons: z.array(z.string()) }),
});

/** POST finance/api/student-ships/massive/ */
export const grantScholarships = defineContract({
  method: 'POST',
  base: STUDENT_SHIPS,
  path: 'massive/',
  summary: 'Grants a scholarship for a period to each listed student who may have it (at most 500), and says who could not and why.',
  input: z.object({ scholar_ship_id: positiveId, cicle_id: positiveId, student_ids: z.array(positiveId).min(1).max(500), notes: z.string().trim().max(1000).optional() }),
  output: z.object({ assigned: z.array(wireId), rejected: z.array(z.object({ student_id: wireId, name: z.string(), reasons: z.array(z.string()) })), detail: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// The counter (Finanzas › Nueva venta), the payments with their totals and the cashier's cash-up.

/** POST finance/api/sales/open/ */
export const openSale = defineContract({
  method: 'POST',
  base: SALES,
  path: 'open/',
  summary: 'Opens a counter sale for a student together with its first line (a concept of their price list), in one transaction: no sale is left without a line.',
  input: z.object({ student_id: positiveId, concept_id: positiveId, qty: integer(1, 100_000).optional() }),
  output: z.object({ sale_id: wireId, line_id: wireId }),
  status: 201,
  errors: [409],
});

/** GET finance/api/sales/counter_concepts/ */
export const counterConcepts = defineContract({
  method: 'GET',
  base: SALES,
  path: 'counter_concepts/',
  summary: 'What a new counter sale of the student may charge today: the concepts of their price lists, each with the discount a line of it gets.',
  query: z.object({ student_id: positiveId }),
  output: z.object({ concepts: z.array(offeredConcept) }),
});

/** POST finance/api/sales/{id}/discount/ */
export const discountSale = defineContract({
  method: 'POST',
  base: SALES,
  path: '{id}/discount/',
  summary: 'Grants a discount on the sale as a percentage of what it charges (0 to 100), while nobody paid it yet.',
  input: z.object({ percent, comment: z.string().trim().max(500).optional() }),
  output: z.object({ id: wireId, sale_id: wireId, percent: wireDecimal }),
  status: 201,
  errors: [409],
});

/** The filters of the payments' report and of the cash-up, as query text. */
const paymentFilters = {
  method_id: positiveId.optional(),
  user_id: positiveId.optional(),
};

const paymentRow = z.object({
  id: wireId,
  created_at: wireInstant,
  sale_id: wireId,
  payer: z.string(),
  amount: wireDecimal,
  method_id: wireId.nullable(),
  method: z.string().nullable(),
  authorization_code: z.string().nullable(),
  received: wireDecimal.nullable(),
  change: wireDecimal.nullable(),
  user_id: wireId.nullable(),
  user: z.string().nullable(),
  status: z.boolean(),
});

/** GET finance/api/payments/summary/ */
export const paymentsSummary = defineContract({
  method: 'GET',
  base: PAYMENTS,
  path: 'summary/',
  summary: 'The payments of a date range (school days, both included), one method and one cashier when named, newest first (at most 500 rows), with the totals of all of them: active and cancelled apart.',
  query: z.object({ from: calendarDay.optional(), to: calendarDay.optional(), ...paymentFilters }),
  output: z.object({
    from: wireDate,
    to: wireDate,
    rows: z.array(paymentRow),
    truncated: z.boolean(),
    count: z.number().int(),
    total: wireDecimal,
    cancelled_count: z.number().int(),
    cancelled_total: wireDecimal,
    /** Who took payments in the range (whatever the method and cashier filters), for the cashier filter. */
    cashiers: z.array(z.object({ id: wireId, name: z.string() })),
  }),
});

const cashUpMethod = z.object({
  method_id: wireId.nullable(),
  method: z.string(),
  count: z.number().int(),
  total: wireDecimal,
  cancelled_count: z.number().int(),
  cancelled_total: wireDecimal,
});

/** GET finance/api/payments/cash_up/ */
export const cashUp = defineContract({
  method: 'GET',
  base: PAYMENTS,
  path: 'cash_up/',
  summary: 'A cashier’s cash-up (corte de caja) of one school day: per payment method the payments taken, their total, the cancelled ones and their amount, and the grand totals. Today and the caller unless named; `format=pdf` or `format=xlsx` for the file.',
  query: z.object({ date: calendarDay.optional(), user_id: positiveId.optional(), format: z.enum(['json', 'pdf', 'xlsx']).optional() }),
  output: z.object({
    date: wireDate,
    cashier: z.object({ id: wireId, name: z.string() }),
    methods: z.array(cashUpMethod),
    count: z.number().int(),
    total: wireDecimal,
    cancelled_count: z.number().int(),
    cancelled_total: wireDecimal,
    /** Whose cash-up of the day the caller may also read: everyone who took payments that day for a finance head, none for a cashier. */
    cashiers: z.array(z.object({ id: wireId, name: z.string() })),
  }),
  /** With `format=pdf` or `format=xlsx`, the same figures as a file (server/http/answer-check.ts). */
  alsoFile: fileAnswer(PDF, XLSX),
});
