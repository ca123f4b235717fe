'use client';
// Panels of the grades screens, shown above their generic lists by the catch-all page; each loads
// only on its own screen.
import dynamic from 'next/dynamic';

export const LazyExamBoard = dynamic(() => import('./exam-board').then((module) => module.ExamBoard));
export const LazyConsolidation = dynamic(() => import('./consolidation').then((module) => module.Consolidation));
