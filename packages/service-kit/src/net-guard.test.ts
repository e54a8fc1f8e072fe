import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './net-guard';

/** Loopback, written every way IPv4-compatible and IPv4-mapped IPv6 allows. */
const LOOPBACK_SPELLINGS = [
  '::7f00:1',
  '::127.0.0.1',
  '[::127.0.0.1]',
  '0:0:0:0:0:0:7f00:1',
  '0::7f00:0001',
  '::0:7f00:1',
  '::ffff:7f00:1',
  '::ffff:127.0.0.1',
  '::FFFF:127.0.0.1',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '0:0:0:0:0:ffff:7f00:0001',
  '0:0:0:0:0:ffff:127.0.0.1',
  '0::ffff:7f00:1',
  '::0:ffff:7f00:1',
  '::ffff:7F00:0001',
];

describe('which addresses are public', () => {
  it('when loopback is wrapped in an IPv4-compatible or IPv4-mapped IPv6 address, in any spelling, then it is not public', () => {
    for (const address of LOOPBACK_SPELLINGS) expect(isPublicAddress(address), address).toBe(false);
  });

  it('when an IPv4-compatible address (::/96) carries any IPv4, even a public one, then it is not public', () => {
    for (const address of ['::8.8.8.8', '::808:808', '[::1.1.1.1]', '0:0:0:0:0:0:0808:0808', '::', '::1', '::0.0.0.1']) expect(isPublicAddress(address), address).toBe(false);
  });

  it('when an IPv4-mapped address carries a private or special IPv4, then it is not public; a public one is judged as that IPv4', () => {
    for (const inner of ['10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255']) {
      const [a, b, c, d] = inner.split('.').map(Number) as [number, number, number, number];
      const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
      for (const address of [`::ffff:${inner}`, `::ffff:${hex}`, `0:0:0:0:0:ffff:${hex}`, `[::ffff:${inner}]`]) expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['::ffff:8.8.8.8', '::ffff:808:808', '0:0:0:0:0:ffff:0808:0808', '[::ffff:1.1.1.1]']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('when an address is IPv4-translated (::ffff:0:0:0/96), then it is not public whatever it carries', () => {
    for (const address of ['::ffff:0:7f00:1', '::ffff:0:8.8.8.8', '0:0:0:0:ffff:0:808:808']) expect(isPublicAddress(address), address).toBe(false);
  });

  it('when an address is loopback, private, link-local, CGNAT, multicast, documentation or not an address, then it is not public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '192.0.2.1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd00::1',
      'ff02::1',
      '2001:db8::1',
      '64:ff9b::7f00:1',
      'not-an-ip',
      '',
      '::ffff:999.0.0.1',
      '1.2.3',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('when an address is on the public internet, then it is public', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '[2606:4700:4700::1111]', '2a00:1450:4001:82a::200e', '1::']) expect(isPublicAddress(address), address).toBe(true);
  });
});
