'use client';
// Panels of the grades screens, shown above their generic lists by the catch-all page; each loads
// only on its own screen.
import dynamic from 'next/dynamic';

export const LazyExamBoard = dynamic(() => import('./exam-board').then((module) => module.ExamBoard));
export const LazyConsolidation = dynamic(() => import('./consolidation').then((module) => module.Consolidation));
// A student's kardex and week on their page (Control Escolar › Alumnos › one student).
export const LazyKardexView = dynamic(() => import('./kardex-view').then((module) => module.KardexView));
export const LazyStudentSchedule = dynamic(() => import('./student-schedule').then((module) => module.StudentSchedule));
