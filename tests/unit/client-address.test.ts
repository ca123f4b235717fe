import { describe, expect, it } from 'vitest';
import { forwardedFor, plainAddress } from '@/server/http/client-address';

describe('the caller\'s address', () => {
  it.each([
    ['no proxy: the peer, whatever the client wrote', '6.6.6.6', '203.0.113.9', false, '203.0.113.9'],
    ['no proxy, no header: the peer', undefined, '203.0.113.9', false, '203.0.113.9'],
    ['no proxy: an IPv4-mapped peer written plainly', undefined, '::ffff:10.0.0.7', false, '10.0.0.7'],
    ['behind a trusted proxy: the first address it names', '198.51.100.4, 10.0.0.2', '10.0.0.2', true, '198.51.100.4'],
    ['behind a trusted proxy, repeated headers: the first', ['198.51.100.4', '10.0.0.9'], '10.0.0.2', true, '198.51.100.4'],
    ['behind a trusted proxy that named nobody: the peer', '', '10.0.0.2', true, '10.0.0.2'],
    ['an IPv6 client stays as it is', undefined, '2001:db8::1', false, '2001:db8::1'],
    ['no peer and no trust: empty', '6.6.6.6', undefined, false, ''],
  ])('%s', (_label, header, peer, trust, expected) => {
    expect(forwardedFor(header, peer, trust)).toBe(expected);
  });

  it('keeps IPv6 addresses that only look mapped', () => {
    expect(plainAddress('::ffff:abcd')).toBe('::ffff:abcd');
  });
});
