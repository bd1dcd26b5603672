import { randomUUID } from 'node:crypto';
import { DEVICE_REPORT_PATH, signedHeaders, type TDeviceReport } from '@rrp/contracts';

export type DeviceKeyCredentials = { keyId: string; secret: string };

/**
 * A signed device API call carrying a batch of reports: the exact body bytes and the headers
 * (X-Token = device key id, signed with the key secret like every console call).
 */
export async function buildReportCall(
  key: DeviceKeyCredentials,
  reports: TDeviceReport[],
  opts: { timestamp?: number; requestId?: string; path?: string } = {},
): Promise<{ path: string; body: string; headers: Record<string, string> }> {
  const path = opts.path ?? DEVICE_REPORT_PATH;
  const body = JSON.stringify({ reports });
  const headers = await signedHeaders({
    secretKey: key.secret,
    token: key.keyId,
    method: 'POST',
    url: path,
    body,
    timestamp: opts.timestamp ?? Date.now(),
    requestId: opts.requestId ?? randomUUID(),
  });
  return { path, body, headers: { ...headers, 'content-type': 'application/json' } };
}
