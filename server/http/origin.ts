// Whether a request comes from the app's own pages: our client's own header, or the browser says
// so in Sec-Fetch-Site, or in Origin (sent with every write by current browsers). Behind a proxy the host the browser used
// arrives as X-Forwarded-Host; the configured public address counts too.
import { OWN_CLIENT_HEADER } from '@/lib/own-client';
import { env } from '@/server/env';

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

export function fromOwnOrigin(request: Request): boolean {
  // Our API client marks its calls with a custom header, which no other site can add to a request
  // that carries our cookie (it would need a CORS preflight we never grant).
  if (request.headers.get(OWN_CLIENT_HEADER) === '1') return true;
  // 'none' is the user's own navigation (an address typed or bookmarked); same-site is another app
  // on a sibling domain, which is as foreign as any other.
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return false;
  const host = hostOf(origin);
  if (!host) return false;
  const own = new Set<string>();
  for (const candidate of [request.headers.get('x-forwarded-host'), request.headers.get('host'), new URL(request.url).host]) {
    if (candidate) own.add(candidate.split(',')[0].trim().toLowerCase());
  }
  const configured = env.NEXTAUTH_URL ? hostOf(env.NEXTAUTH_URL) : null;
  if (configured) own.add(configured);
  return own.has(host);
}
