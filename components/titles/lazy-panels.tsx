'use client';
// The title's signing panel loads only on the title's page.
import dynamic from 'next/dynamic';

export const LazyTitleSigning = dynamic(() => import('./title-signing').then((module) => module.TitleSigning));
