'use client';
// Finance's panels load only on their own pages (the catch-all page serves every list): the cart on
// a sale's page, tuition on Pagos recurrentes, the bank reconciliation on Referencias, granting
// scholarships on Becas, the payments' filters and totals on Pagos.
import dynamic from 'next/dynamic';

export const LazySaleCart = dynamic(() => import('./sale-cart').then((module) => module.SaleCart));
export const LazyTuitionPanel = dynamic(() => import('./tuition-panel').then((module) => module.TuitionPanel));
export const LazyReconciliationPanel = dynamic(() => import('./reconciliation-panel').then((module) => module.ReconciliationPanel));
export const LazyScholarshipPanel = dynamic(() => import('./scholarship-panel').then((module) => module.ScholarshipPanel));
export const LazyPaymentsSummaryPanel = dynamic(() => import('./payments-summary-panel').then((module) => module.PaymentsSummaryPanel));
