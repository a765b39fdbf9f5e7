// visitorKey remembers each address's key under the latest salt (an HMAC a request was a tenth
// of a kept project page's CPU): remembered or not, the key must be the HMAC of that address with
// that salt, however the salts alternate and past the number of addresses it remembers.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VISITOR_KEYS_KEPT, viewDay, visitorKey } from './social.service';

const hmacKey = (salt: string, ip: string) => `a:${createHmac('sha256', salt).update(ip).digest('hex').slice(0, 32)}`;

describe('visitorKey', () => {
  it('gives the HMAC of the address with the salt, the first time and every time after', () => {
    expect(visitorKey('salt-of-monday', '198.51.100.7')).toBe(hmacKey('salt-of-monday', '198.51.100.7'));
    expect(visitorKey('salt-of-monday', '198.51.100.7')).toBe(hmacKey('salt-of-monday', '198.51.100.7'));
    expect(visitorKey('salt-of-monday', '198.51.100.8')).toBe(hmacKey('salt-of-monday', '198.51.100.8'));
    expect(visitorKey('salt-of-monday', '198.51.100.8')).not.toBe(visitorKey('salt-of-monday', '198.51.100.7'));
  });

  it("never answers an address with another salt's key when salts alternate (two processes' clocks either side of midnight)", () => {
    for (let round = 0; round < 3; round++) {
      expect(visitorKey('salt-of-monday', '203.0.113.1')).toBe(hmacKey('salt-of-monday', '203.0.113.1'));
      expect(visitorKey('salt-of-tuesday', '203.0.113.1')).toBe(hmacKey('salt-of-tuesday', '203.0.113.1'));
    }
    expect(hmacKey('salt-of-monday', '203.0.113.1')).not.toBe(hmacKey('salt-of-tuesday', '203.0.113.1'));
  });

  it('stays right past the number of addresses it remembers', () => {
    const salt = 'salt-of-wednesday';
    const address = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    for (let index = 0; index <= VISITOR_KEYS_KEPT + 10; index++) visitorKey(salt, address(index));
    for (const index of [0, 1, VISITOR_KEYS_KEPT - 1, VISITOR_KEYS_KEPT, VISITOR_KEYS_KEPT + 10]) {
      expect(visitorKey(salt, address(index))).toBe(hmacKey(salt, address(index)));
    }
  });
});

describe('viewDay', () => {
  it('is the UTC date of the moment, either side of midnight and of the epoch, whatever was asked before', () => {
    const moments = ['2031-05-10T23:59:59.999Z', '2031-05-11T00:00:00.000Z', '2031-05-10T12:00:00.000Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z', '2031-05-11T23:59:59.999Z', '2031-05-10T00:00:00.000Z'];
    for (const moment of [...moments, ...moments.reverse()]) expect(viewDay(new Date(moment))).toBe(moment.slice(0, 10));
  });
});
