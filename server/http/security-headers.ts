// The headers every answer of the production server carries (pages, API and files). Scripts run
// only from the app's own origin or with the request's nonce, which Next puts on its inline
// scripts when the request carries the policy (it reads the nonce from the request's
// Content-Security-Policy header); styles may be inline because MUI's emotion writes them at run
// time. The app is never framed, sends only its origin to other sites, and asks browsers to keep
// to https once it is served over https.
import { randomBytes } from 'node:crypto';

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The capture sheet's service worker (public/sw.js): 'strict-dynamic' would otherwise decide
    // for workers too, and it trusts no script by its address.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The headers of an answer; HSTS only when the app is reached over https. A page gets the whole
 * policy with its nonce (`nonce`) and is never framed. An API answer (JSON, or a file a browser
 * shows, a PDF) may be framed only by the app itself — its file viewer shows a document in a frame —
 * and carries no other policy, so the browser's own viewers keep working.
 */
export function securityHeaders(nonce: string | null, https: boolean): Record<string, string> {
  return {
    'content-security-policy': nonce ? contentSecurityPolicy(nonce) : "frame-ancestors 'self'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': nonce ? 'DENY' : 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
