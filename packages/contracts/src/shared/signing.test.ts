import { describe, expect, it } from 'vitest';
import { canonicalQuery, signRequest } from './signing.js';

describe('request signing', () => {
  it('matches the first published test vector', async () => {
    const sign = await signRequest({
      secretKey: 's3cr3t',
      token: 't0k3n',
      timestamp: 1763712000000,
      method: 'POST',
      url: '/api/v1/rrp/account/query',
      body: '{"pageNum":1}',
      requestId: '0b9a1459-0000-4000-8000-000000000001',
    });
    expect(sign).toBe('8e557685f4b8748a04f7ad8bdffcd30928ae96454b5730155f8074891a1ae2e8');
  });
  it('matches the second published test vector (sorted query, empty body)', async () => {
    const sign = await signRequest({
      secretKey: 's3cr3t',
      token: 't0k3n',
      timestamp: 1763712000000,
      method: 'GET',
      url: '/api/v1/rrp/device/export?b=2&a=1',
      body: '',
      requestId: '0b9a1459-0000-4000-8000-000000000002',
    });
    expect(sign).toBe('1a4336d4b4005d9aa85eb124371cf59650ccc494fad1c4133099ef612e356f0c');
  });
  it('sorts query pairs by byte order without re-encoding', () => {
    expect(canonicalQuery('b=2&a=1&B=3&a%20=4')).toBe('B=3&a%20=4&a=1&b=2');
  });
});
