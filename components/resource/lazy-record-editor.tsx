'use client';
// The record editor of detail pages and the related lists' tabs under it, loaded only where a
// record is shown: the catch-all screen page also serves every list, and a list's first load
// should carry neither the form's inputs nor the tabs.
import dynamic from 'next/dynamic';

export const LazyRecordEditor = dynamic(() => import('./record-editor').then((module) => module.RecordEditor));
export const LazyRecordChildren = dynamic(() => import('./record-children').then((module) => module.RecordChildren));
