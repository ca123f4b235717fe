'use client';
// The titles' panels load only on the screens that show them.
import dynamic from 'next/dynamic';

export const LazyTitleSigning = dynamic(() => import('./title-signing').then((module) => module.TitleSigning));
export const LazyTitleFromSwear = dynamic(() => import('./title-from-swear').then((module) => module.TitleFromSwear));
