import type { Bilingual } from '../text.js';

/** Monthly bill texts: the export's file, sheets, labels and columns. */
export const BILLING_TEXTS = {
  'billing.file': { zh: '账单_{month}.xlsx', en: 'bill_{month}.xlsx' },
  'billing.sheet.summary': { zh: '账单概要', en: 'Summary' },
  'billing.sheet.lines': { zh: '设备明细', en: 'Devices' },

  'billing.summary.billMonth': { zh: '账单月份', en: 'Bill month' },
  'billing.summary.issueDate': { zh: '出账日期（UTC）', en: 'Issue date (UTC)' },
  'billing.summary.total': { zh: '总费用（元）', en: 'Total fee (CNY)' },
  'billing.summary.packageFee': { zh: '套餐费（元）', en: 'Package fee (CNY)' },
  'billing.summary.overageFee': { zh: '超量费（元）', en: 'Overage fee (CNY)' },
  'billing.summary.roamingFee': { zh: '漫游费（元）', en: 'Roaming fee (CNY)' },
  'billing.summary.numberFee': { zh: '号码费（元）', en: 'Number fee (CNY)' },
  'billing.summary.devices': { zh: '计费设备数', en: 'Devices billed' },
  'billing.summary.usageMb': { zh: '当月用量（MB）', en: 'Usage in the month (MB)' },
  'billing.summary.overageMb': { zh: '超量流量（MB）', en: 'Overage (MB)' },
  'billing.summary.roamingMb': { zh: '漫游流量（MB）', en: 'Roaming (MB)' },
  'billing.summary.rates': { zh: '费率', en: 'Rates' },
  'billing.summary.orders': { zh: '套餐费订单', en: 'Orders of the package fee' },

  'billing.rate.overage_per_mb': { zh: '超量流量（元/MB）', en: 'Overage (CNY per MB)' },
  'billing.rate.roaming_per_mb': { zh: '漫游流量（元/MB）', en: 'Roaming (CNY per MB)' },
  'billing.rate.number_per_device': { zh: '号码费（元/台）', en: 'Number fee (CNY per device)' },

  'billing.column.orderNo': { zh: '订单号', en: 'Order number' },
  'billing.column.productName': { zh: '商品名称', en: 'Product' },
  'billing.column.amount': { zh: '金额（元）', en: 'Amount (CNY)' },
  'billing.column.completedAt': { zh: '完成时间（UTC）', en: 'Completed at (UTC)' },
  'billing.column.deviceName': { zh: '设备名称', en: 'Device name' },
  'billing.column.usageMb': { zh: '用量（MB）', en: 'Usage (MB)' },
  'billing.column.roamingMb': { zh: '漫游流量（MB）', en: 'Roaming (MB)' },
  'billing.column.roamingFee': { zh: '漫游费（元）', en: 'Roaming fee (CNY)' },
  'billing.column.numberFee': { zh: '号码费（元）', en: 'Number fee (CNY)' },
} satisfies Record<string, Bilingual>;
