// Who the caller is, as an address: what the rate limit counts anonymous calls by, and what the
// audit and the sessions screen show. The production server (server/serve.ts) settles it once per
// request into X-Forwarded-For, which everything downstream reads (the API pipeline, next-auth).
//
// A client can write any X-Forwarded-For it likes. It is believed only when TRUST_PROXY says a
// proxy in front replaces it (nginx's `proxy_set_header X-Forwarded-For $remote_addr`); otherwise
// the connection's own address is the caller.

/** An IPv4 client on a dual-stack socket arrives as "::ffff:10.0.0.7"; people know it as 10.0.0.7. */
export function plainAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/** The X-Forwarded-For a request goes on with: the proxy's word when trusted, else the peer. */
export function forwardedFor(header: string | string[] | undefined, peer: string | undefined, trustProxy: boolean): string {
  const sent = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')[0].trim();
  if (trustProxy && sent) return plainAddress(sent);
  return plainAddress(peer ?? '');
}
