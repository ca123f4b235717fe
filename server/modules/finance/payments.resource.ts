// finance/api/payments/: payments on a sale (pagos / abonos), taken in Finanzas > Pagos and on the
// sale's own screen. A payment is never edited nor erased: it is cancelled with a reason and made
// again. Students read their own in the portal.
import { modelResource } from '@/server/engine/model';
import type { Row } from '@/server/engine/types';
import { conflict, fieldError } from '@/server/errors';
import { STUDENT_SEARCH, under } from '@/server/engine/relation-paths';
import { cancellation, saleCampus, studentSales } from './fields';
import { positiveMoney, recordedBy } from '@/server/modules/shared/fields';
import { settleSale } from './settle';

/** What may still change on a recorded payment: its notes, and its cancellation. */
const MUTABLE = ['notes', 'cancel_note', 'status'];

const payments = modelResource({
  base: 'finance/api/payments/',
  model: 'Payment',
  access: { routes: ['finance-payments', 'finance-sales'], permission: 'payments', ownReaders: ['student'] },
  search: ['notes', 'cancel_note', ...under('sale', STUDENT_SEARCH)],
  ordering: ['-created_at', '-id'],
  readOnlyFields: ['user_id', 'cancel_at'],
  fields: { amount: positiveMoney },
  campusFilter: (campusId) => ({ sale: saleCampus(campusId) }),
  ownRows: { student: (studentId) => ({ sale: studentSales(studentId) }) },
  inputToData: async (input, write) => {
    const { tx, existing } = write;
    if (!existing) {
      const sale = await tx.sale.findUnique({ where: { id: input.sale_id }, select: { status: true } });
      if (!sale) throw fieldError('sale_id', 'errors.unknown_reference');
      // A cancelled sale takes no money.
      if (!sale.status) throw conflict();
      return { ...recordedBy(input, write), ...cancellation(input, existing, 'cancel_note', 'cancel_at') };
    }
    if (existing.status === false) throw conflict();
    // The whole record comes back on PUT: its amount, sale and method are kept as recorded.
    const kept: Row = Object.fromEntries(Object.entries(input).filter(([name]) => MUTABLE.includes(name)));
    return { ...kept, ...cancellation(kept, existing, 'cancel_note', 'cancel_at') };
  },
  // A payment taken or cancelled changes what the sale owes, and what waits on it being paid.
  afterWrite: async (id, { tx, actor }) => {
    const payment = await tx.payment.findUnique({ where: { id }, select: { sale_id: true } });
    if (payment) await settleSale(tx, actor, payment.sale_id);
  },
  beforeDelete: async () => {
    throw conflict();
  },
});

export const paymentsResource = payments;
