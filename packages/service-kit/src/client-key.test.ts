import { describe, expect, it } from 'vitest';
import { clientOf } from './client-key';

describe('one client', () => {
  it('when addresses are of one IPv6 /64, however written, then they are one client; an IPv4 address and another /64 are others', () => {
    const one = ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:DB8:1:2:0:0:0:9'];
    expect(new Set(one.map(clientOf))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('203.0.113.8')).toBe('203.0.113.8');
    expect(clientOf('')).toBe('');
  });
});
