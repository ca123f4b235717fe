'use client';
// The record editor of detail pages, loaded only where one is shown: the catch-all screen page also
// serves every list, and a list's first load should not carry the form's inputs.
import dynamic from 'next/dynamic';

export const LazyRecordEditor = dynamic(() => import('./record-editor').then((module) => module.RecordEditor));
