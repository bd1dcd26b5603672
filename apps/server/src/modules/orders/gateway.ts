/** A payment at the provider, as our orders need to know it. */
export type ProviderTransaction = {
  outTradeNo: string;
  transactionId: string | null;
  tradeState: 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
  amountFen: number | null;
  successTime: string | null;
  mchId: string;
  appId: string;
};

/**
 * What the orders module asks of WeChat Pay (modules/payments implements it against the real
 * API v3 protocol; the simulator answers it the same way).
 */
export type PaymentGateway = {
  createNative(o: { outTradeNo: string; description: string; amountFen: number; timeExpire: Date }): Promise<{ codeUrl: string }>;
  queryByOutTradeNo(outTradeNo: string): Promise<ProviderTransaction | null>;
  close(outTradeNo: string): Promise<void>;
  /** verifies a notification's signature (raw body, ±300 s) and decrypts its transaction; never throws */
  openNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): { ok: true; eventId: string; eventType: string; transaction: ProviderTransaction } | { ok: false; reason: string };
  /** our merchant: a notification or answer about another merchant or app is refused */
  mchId: string;
  appId: string;
  /** the simulator's "scan and pay" page for a code, when payments go to the simulator */
  simulatorPayUrl?: (codeUrl: string) => string | null;
};
