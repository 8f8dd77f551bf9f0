import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as that IPv4 address', () => {
    expect(clientKey('192.0.2.1', 64)).toBe('192.0.2.1');
    expect(clientKey('::ffff:192.0.2.1', 64)).toBe('192.0.2.1');
    expect(clientKey('::FFFF:c000:0201', 64)).toBe('192.0.2.1');
    expect(clientKey('0:0:0:0:0:ffff:192.0.2.1', 48)).toBe('192.0.2.1');
  });

  it('makes every address of one IPv6 prefix one client, however it is written', () => {
    const key = '2001:db8:1:2:0:0:0:0/64';
    expect(clientKey('2001:db8:1:2::1', 64)).toBe(key);
    expect(clientKey('2001:0db8:0001:0002:ffff:abcd:1234:5678', 64)).toBe(key);
    expect(clientKey('2001:DB8:1:2:a::', 64)).toBe(key);
    expect(clientKey('2001:db8:1:2::1%eth0', 64)).toBe(key);
    expect(clientKey('2001:db8:1:3::1', 64)).not.toBe(key);
  });

  it('cuts at any prefix length, inside a word too', () => {
    expect(clientKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1:0:0:0:0:0/48');
    expect(clientKey('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200:0:0:0:0/56');
    expect(clientKey('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2:0:0:0:1/128');
    expect(clientKey('::1', 64)).toBe('0:0:0:0:0:0:0:0/64');
    expect(clientKey('64:ff9b::192.0.2.1', 96)).toBe('64:ff9b:0:0:0:0:0:0/96');
  });

  it('leaves text that is no address as it is', () => {
    expect(clientKey('unknown', 64)).toBe('unknown');
  });
});
