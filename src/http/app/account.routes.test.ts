import { describe, expect, it } from 'vitest';
import { dnsRecordFor } from '../../identity/index.js';

describe('the DNS record of a custom domain', () => {
  it('is a CNAME to the public host name, or an A/AAAA record when the service is reached by address', () => {
    expect(dnsRecordFor('go.acme.test', { publicUrl: 'https://qr.example.com' })).toEqual({
      type: 'CNAME',
      name: 'go.acme.test',
      value: 'qr.example.com.',
    });
    expect(dnsRecordFor('go.acme.test', { publicUrl: 'http://203.0.113.7:8080' })).toMatchObject({
      type: 'A',
      value: '203.0.113.7',
    });
    expect(dnsRecordFor('go.acme.test', { publicUrl: 'http://[2001:db8::1]' })).toMatchObject({
      type: 'AAAA',
      value: '2001:db8::1',
    });
  });
});
