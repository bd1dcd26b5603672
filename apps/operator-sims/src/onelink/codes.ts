/**
 * OneLink API v5 answer codes and card status values (docs/connectors/onelink.md says which are
 * seen in public clients and which are our reading where none shows them).
 */
export const CODES = {
  ok: { status: '0', message: '正确' },
  badParameter: { status: '12001', message: '请求参数缺失或不合法' },
  badCredentials: { status: '12002', message: 'APPID或PASSWORD错误' },
  badTransid: { status: '12006', message: 'TRANSID格式不正确' },
  repeatedTransid: { status: '12007', message: 'TRANSID重复，请重新生成' },
  tokenExpired: { status: '12021', message: 'TOKEN不存在或已过期，请重新获取' },
  tooManyNumbers: { status: '12023', message: '批量办理号码数量超过限制，每次不超过100个' },
  unknownCard: { status: '12024', message: '号码不存在或不归属于该集团客户' },
  rateLimited: { status: '12030', message: '接口调用频率超过限制，请稍后再试' },
  stateNotAllowed: { status: '13012', message: '当前卡状态不允许办理该业务' },
  changedRecently: { status: '13013', message: '同一号码30分钟内不能重复办理此类业务' },
} as const;

export type Code = (typeof CODES)[keyof typeof CODES];

/** OneLink-CT card status values (`cardStatus`). */
export const CARD_STATUS = {
  '1': '待激活',
  '2': '已激活',
  '4': '停机',
  '6': '可测试',
  '7': '库存',
  '8': '预销户',
  '9': '已销户',
} as const;

export type CardStatus = keyof typeof CARD_STATUS;

export const STOPPED: CardStatus = '4';
export const ACTIVE: CardStatus = '2';

/** Cards carry data while activated or in their test period. */
export const carriesTraffic = (status: string) => status === '2' || status === '6';

/** At most this many numbers in one batch call. */
export const BATCH_LIMIT = 100;
/** At most this many rows in one page of a paged query. */
export const PAGE_LIMIT = 50;
