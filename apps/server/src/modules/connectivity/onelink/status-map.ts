import type { SimState } from '../connector.js';

/**
 * OneLink-CT `cardStatus` values and our reading of them. 待激活 and 可测试 are both "ready"
 * (not yet in service, can be brought into it); 预销户 is on its way out, 已销户 is gone.
 */
export const ONELINK_STATUS: Readonly<Record<string, { label: string; state: SimState }>> = {
  '1': { label: '待激活', state: 'ready' },
  '2': { label: '已激活', state: 'active' },
  '4': { label: '停机', state: 'suspended' },
  '6': { label: '可测试', state: 'ready' },
  '7': { label: '库存', state: 'inventory' },
  '8': { label: '预销户', state: 'deactivated' },
  '9': { label: '已销户', state: 'retired' },
};

/** The state of a status value; null when the platform sent one we do not know. */
export const stateOf = (status: string): SimState | null => ONELINK_STATUS[status]?.state ?? null;

/** `change/sim-status` operType: 0 停机 (已激活→停机), 1 复机 (停机→已激活). */
export const OPER_TYPE = { suspend: '0', resume: '1' } as const;
/** The status each change leaves the card in. */
export const TARGET_STATUS = { suspend: '4', resume: '2' } as const;
