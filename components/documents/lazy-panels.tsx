'use client';
// The documents' panels load only on the screens that show them.
import dynamic from 'next/dynamic';

export const LazyIssueDocuments = dynamic(() => import('./issue-panel').then((module) => module.IssueDocumentsPanel));
export const LazyIssuedDocument = dynamic(() => import('./document-panel').then((module) => module.IssuedDocumentPanel));
