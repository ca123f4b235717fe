'use client';
// A person's file and their comment and contact log load only on the record pages that show them.
import dynamic from 'next/dynamic';

export const LazyDocumentChecklist = dynamic(() => import('./document-checklist').then((module) => module.DocumentChecklist));
export const LazyCommentLog = dynamic(() => import('./comment-log').then((module) => module.CommentLog));
export const LazyLentOriginals = dynamic(() => import('./lent-originals').then((module) => module.LentOriginals));
export const LazyPortalAccess = dynamic(() => import('./portal-access').then((module) => module.PortalAccess));
