'use client';
// The cart loads only on a sale's page (the catch-all page serves every list).
import dynamic from 'next/dynamic';

export const LazySaleCart = dynamic(() => import('./sale-cart').then((module) => module.SaleCart));
