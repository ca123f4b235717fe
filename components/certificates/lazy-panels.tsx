'use client';
// The certificates' panels load only on the screens that show them.
import dynamic from 'next/dynamic';

export const LazyCertificateIssue = dynamic(() => import('./certificate-issue').then((module) => module.CertificateIssue));
export const LazyCertificateRecord = dynamic(() => import('./certificate-record').then((module) => module.CertificateRecord));
