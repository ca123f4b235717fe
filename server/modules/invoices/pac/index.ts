// The configured PAC: Finkok (PAC_PROVIDER=finkok, its demo service by default) or the local fake
// of Finkok's protocol (PAC_PROVIDER=fake, the default: no PAC accepts the demo's CSD).
import { env } from '@/server/env';
import { fakeFinkok } from './fake';
import { FinkokPac, httpTransport } from './finkok';
import type { Pac } from './types';

let configured: Pac | null = null;

export function pac(): Pac {
  configured ??= env.PAC_PROVIDER === 'finkok' ? new FinkokPac(httpTransport(env.PAC_URL), env.PAC_USER, env.PAC_PASSWORD) : new FinkokPac(fakeFinkok(), 'plantel', 'plantel', 'fake');
  return configured;
}

export type { CancelReason, Pac } from './types';
export { PacUnavailable } from './types';
