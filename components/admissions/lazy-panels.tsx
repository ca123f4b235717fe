'use client';
// The admissions panels load only on their own pages (the catch-all page serves every list): the
// applicant's process on their page, the next period's reinscription on Reinscripciones, the
// counts by step above the applicants.
import dynamic from 'next/dynamic';

export const LazyAspirantProcess = dynamic(() => import('./aspirant-process').then((module) => module.AspirantProcess));
export const LazyReinscriptionPanel = dynamic(() => import('./reinscription-panel').then((module) => module.ReinscriptionPanel));
export const LazyAspirantBoard = dynamic(() => import('./aspirant-board').then((module) => module.AspirantBoard));
export const LazyAspirantPayment = dynamic(() => import('./aspirant-payment').then((module) => module.AspirantPayment));
