import type { Permission } from '../shared/permissions.js';

/** Product types of spec section 3: 0 device License, 1 data top-up, 4 AC License. */
export const PRODUCT_TYPES = [0, 1, 4] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** What one unit of each product delivers (spec section 9). */
export const PRODUCT_UNIT = {
  /** one device License: one year of service and 100 MB of data */
  0: { licenses: 1, dataMb: 100, years: 1 },
  /** data top-up per 1 GB, permanent, into the pool */
  1: { dataMb: 1024 },
  /** one AC License: one AC imported */
  4: { acLicenses: 1 },
} as const satisfies Record<ProductType, Record<string, number>>;

/** The code a member needs to buy each product (spec section 2: /license and /ac-download, /volume). */
export const BUY_PERMISSION: Record<ProductType, Permission> = { 0: 'MERCHANDISE_BUY_LICENSE', 1: 'MERCHANDISE_BUY_DATA', 4: 'MERCHANDISE_BUY_LICENSE' };

export const PAY_METHODS = ['wechat', 'offline'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Order states move forward only: pending → paid → completed; pending → expired or cancelled. */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'expired', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where the customer's bank transfer stands while an offline order waits. */
export const REMITTANCE_STATES = ['awaiting_transfer', 'submitted', 'rejected', 'confirmed'] as const;
export type RemittanceState = (typeof REMITTANCE_STATES)[number];

export const ORDER_LIMITS = {
  /** units per order, every product */
  quantityMin: 1,
  quantityMax: 10_000,
  bankTransactionNoMax: 100,
  payerNameMax: 40,
  remarkMax: 200,
  /** a price in yuan, at most */
  priceMaxYuan: 1_000_000,
} as const;

export const ORDER_TIMING = {
  /** a WeChat Native order's QR code is valid this long */
  wechatExpiryMs: 2 * 60 * 60 * 1000,
  /** the transfer is expected within 3 days */
  transferDueDays: 3,
  /** an unpaid offline order expires after 10 days */
  offlineExpiryDays: 10,
  /** reconciliation takes 1 to 3 working days */
  reconciliationWorkingDays: [1, 3] as const,
  /** the web app asks for the payment state this often while the QR code is shown */
  pollMs: 3000,
} as const;

/** The platform's bank account a remittance goes to (shown in the remittance dialog). */
export const REMITTANCE_ACCOUNT_FIELDS = ['accountName', 'bankName', 'accountNo'] as const;
