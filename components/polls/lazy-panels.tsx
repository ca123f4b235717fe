'use client';
// The poll builder loads only on a poll's page (the catch-all page serves every list).
import dynamic from 'next/dynamic';

export const LazyPollBuilder = dynamic(() => import('./poll-builder').then((module) => module.PollBuilder));
