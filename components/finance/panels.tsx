import { LazyPaymentsSummaryPanel, LazyReconciliationPanel, LazySaleCart, LazyScholarshipPanel, LazyTuitionPanel } from './lazy-panels';
import { LazyInvoicePanel, LazySaleInvoice } from '@/components/invoicing/lazy-panels';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { type PanelDeclaration, ownWrite } from '@/components/panels/types';

const INVOICES = RESOURCE_BASES.invoices;

export const financePanels: readonly PanelDeclaration[] = [
  {
    name: 'sale-cart',
    abilities: { canEdit: { base: RESOURCE_BASES.saleDetails, need: 'write', action: 'add' }, canPay: { base: RESOURCE_BASES.payments, need: 'write', action: 'add' } },
    render: ({ recordId, abilities }) => <LazySaleCart saleId={recordId} canEdit={abilities.canEdit} canPay={abilities.canPay} />,
  },
  {
    name: 'sale-invoice',
    shownWhen: [{ base: INVOICES, need: 'read' }],
    abilities: { canInvoice: { base: INVOICES, need: 'write', action: 'add' } },
    render: ({ recordId, abilities }) => <LazySaleInvoice saleId={recordId} canInvoice={abilities.canInvoice} />,
  },
  // Where the invoice stands with the PAC comes before its data.
  { name: 'invoice-cfdi', where: 'above-record', abilities: { canAct: ownWrite('change') }, render: ({ recordId, abilities }) => <LazyInvoicePanel invoiceId={recordId} canAct={abilities.canAct} /> },
  { name: 'tuition', abilities: { canEdit: ownWrite('add') }, render: ({ abilities }) => <LazyTuitionPanel canEdit={abilities.canEdit} /> },
  { name: 'reconciliation', shownWhen: [ownWrite('change')], render: () => <LazyReconciliationPanel /> },
  { name: 'scholarships', shownWhen: [ownWrite('add')], render: () => <LazyScholarshipPanel /> },
  { name: 'payments-summary', render: () => <LazyPaymentsSummaryPanel /> },
];
