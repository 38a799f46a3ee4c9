import { createHmac } from 'node:crypto';

/** KuCoin's HMAC: Base64(HMAC-SHA256(key, message)); the same rule for the request, passphrase and partner. */
export const kucoinHmac = (key: string, message: string): string =>
  createHmac('sha256', key).update(message).digest('base64');

/** The prehash of KC-API-SIGN: timestamp + METHOD + path with query + raw body ('' without one). */
export const kucoinPrehash = (timestamp: string, method: string, path: string, body: string): string =>
  `${timestamp}${method.toUpperCase()}${path}${body}`;

export interface KucoinKey {
  apiKey: string;
  apiSecret: string;
  apiPassphrase: string;
  /** KC-API-KEY-VERSION: 2 and 3 both send the passphrase HMAC-signed with the secret. */
  keyVersion: '2' | '3';
}

/** The five private-request headers of KuCoin's v2+ keys. */
export function kucoinAuthHeaders(
  key: KucoinKey,
  timestampMs: number,
  method: string,
  path: string,
  body: string,
): Record<string, string> {
  const timestamp = String(timestampMs);
  return {
    'KC-API-KEY': key.apiKey,
    'KC-API-SIGN': kucoinHmac(key.apiSecret, kucoinPrehash(timestamp, method, path, body)),
    'KC-API-TIMESTAMP': timestamp,
    'KC-API-PASSPHRASE': kucoinHmac(key.apiSecret, key.apiPassphrase),
    'KC-API-KEY-VERSION': key.keyVersion,
  };
}

export interface KucoinPartner {
  partnerId: string;
  brokerKey: string;
  brokerName: string;
}

/** The broker (partner) headers: KC-API-PARTNER-SIGN = Base64(HMAC-SHA256(brokerKey, timestamp + partner + apiKey)). */
export function kucoinPartnerHeaders(
  partner: KucoinPartner,
  apiKey: string,
  timestampMs: number,
): Record<string, string> {
  const timestamp = String(timestampMs);
  return {
    'KC-API-PARTNER': partner.partnerId,
    'KC-API-PARTNER-SIGN': kucoinHmac(partner.brokerKey, `${timestamp}${partner.partnerId}${apiKey}`),
    'KC-API-PARTNER-VERIFY': 'true',
    'KC-BROKER-NAME': partner.brokerName,
  };
}
