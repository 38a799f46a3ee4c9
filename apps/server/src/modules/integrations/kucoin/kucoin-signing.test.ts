import { describe, expect, it } from 'vitest';
import { sameSignature } from '../same-signature';
import { kucoinAuthHeaders, kucoinPartnerHeaders } from './kucoin-signing';

const KEY = {
  apiKey: 'key-1',
  apiSecret: 'demo-kucoin-secret-2f9a4e71',
  apiPassphrase: 'demo-passphrase',
  keyVersion: '2' as const,
};
const TS = 1772359920000; // 2026-03-01 10:12:00 UTC

describe('KuCoin request signing', () => {
  it('signs timestamp + method + path with HMAC-SHA256 in Base64 and sends the passphrase HMAC-signed (v2)', () => {
    expect(kucoinAuthHeaders(KEY, TS, 'GET', '/api/v1/accounts', '')).toEqual({
      'KC-API-KEY': 'key-1',
      'KC-API-SIGN': 'Gi7Xnxp+i9u92dKkba1fcC7gZdy6+fa2ES4c/NCXFBE=',
      'KC-API-TIMESTAMP': '1772359920000',
      'KC-API-PASSPHRASE': 'k3Gi+1a/9wtEAdwt1Vr6qLpb1mJGYrka76fbdcEhYTw=',
      'KC-API-KEY-VERSION': '2',
    });
  });

  it('includes the raw JSON body in the signed text and upper-cases the method', () => {
    const headers = kucoinAuthHeaders(KEY, TS, 'post', '/api/v1/orders', '{"symbol":"BTC-USDT"}');
    expect(headers['KC-API-SIGN']).toBe('EAMSG2i1xJ2OdNEDJYzXEjsaY5z/LAyOY7BsH75wpfg=');
  });

  it('sends the key version the config names (3 signs the passphrase the same way)', () => {
    const v3 = kucoinAuthHeaders({ ...KEY, keyVersion: '3' }, TS, 'GET', '/api/v1/accounts', '');
    expect(v3['KC-API-KEY-VERSION']).toBe('3');
    expect(v3['KC-API-PASSPHRASE']).toBe('k3Gi+1a/9wtEAdwt1Vr6qLpb1mJGYrka76fbdcEhYTw=');
  });

  it('signs the broker partner as Base64(HMAC-SHA256(brokerKey, timestamp + partner + apiKey))', () => {
    expect(
      kucoinPartnerHeaders(
        { partnerId: 'partner-1', brokerKey: 'broker-key', brokerName: 'Backoffice' },
        'apikey-1',
        TS,
      ),
    ).toEqual({
      'KC-API-PARTNER': 'partner-1',
      'KC-API-PARTNER-SIGN': 'acAgEtY+RoyfC0kY46D0asx/gQUS4i9g+bJCxVrZfGA=',
      'KC-API-PARTNER-VERIFY': 'true',
      'KC-BROKER-NAME': 'Backoffice',
    });
  });

  it('compares signatures exactly, including length', () => {
    expect(sameSignature('abc=', 'abc=')).toBe(true);
    expect(sameSignature('abd=', 'abc=')).toBe(false);
    expect(sameSignature('abc', 'abc=')).toBe(false);
    expect(sameSignature(undefined, 'abc=')).toBe(false);
  });
});
