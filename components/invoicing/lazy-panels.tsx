'use client';
// Invoicing's panels load only on their own pages: an invoice's CFDI steps, a sale's invoice.
import dynamic from 'next/dynamic';

export const LazyInvoicePanel = dynamic(() => import('./invoice-panel').then((module) => module.InvoicePanel));
export const LazySaleInvoice = dynamic(() => import('./sale-invoice').then((module) => module.SaleInvoice));
