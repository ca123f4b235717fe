'use client';
// The subject order panel loads only on a study plan's page (the catch-all page serves every list).
import dynamic from 'next/dynamic';

export const LazySubjectOrder = dynamic(() => import('./subject-order').then((module) => module.SubjectOrder));
/** Académico › Cargas académicas: the teachers' loads against their contracts, on that screen only. */
export const LazyTeacherLoads = dynamic(() => import('./teacher-loads').then((module) => module.TeacherLoads));
/** A student's individual load, on their page's Grupos tab. */
export const LazyIrregularLoad = dynamic(() => import('./irregular-load').then((module) => module.IrregularLoad));
