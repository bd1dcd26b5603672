import { describe, expect, test } from 'vitest';
import { keepAllowed, payerMismatches, selectionAmounts, updateSelection } from './selection';
import { invoiceableOrder, ORDERS } from './testFixtures';

const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => invoiceableOrder({ orderNo: `R${String(from + i).padStart(20, '0')}` }));

describe('the selection of the apply step', () => {
  test('net, tax and total are computed on the sum, half up to the fen: 49 + 60 → 102.83 + 6.17', () => {
    expect(selectionAmounts([{ totalAmount: 49 }, { totalAmount: 60 }])).toEqual({ netFen: 10283, taxFen: 617, totalFen: 10900 });
    // yuan with floating-point noise still count whole fen
    expect(selectionAmounts([{ totalAmount: 0.1 }, { totalAmount: 0.2 }]).totalFen).toBe(30);
    expect(selectionAmounts([])).toEqual({ netFen: 0, taxFen: 0, totalFen: 0 });
  });

  test('a page’s checkboxes change only that page’s rows; other pages stay selected', () => {
    const first = page(1, 3);
    const second = page(4, 3);
    let { next } = updateSelection(new Map(), first, new Set([first[0].orderNo, first[2].orderNo]));
    ({ next } = updateSelection(next, second, new Set([second[1].orderNo])));
    expect([...next.keys()]).toEqual([first[0].orderNo, first[2].orderNo, second[1].orderNo]);
    ({ next } = updateSelection(next, first, new Set([first[2].orderNo])));
    expect([...next.keys()]).toEqual([first[2].orderNo, second[1].orderNo]);
  });

  test('no more than the limit is kept, and the caller is told', () => {
    const rows = page(1, 5);
    const { next, capped } = updateSelection(new Map(), rows, new Set(rows.map((o) => o.orderNo)), 3);
    expect(next.size).toBe(3);
    expect(capped).toBe(true);
    expect(updateSelection(new Map(), rows.slice(0, 2), new Set(rows.slice(0, 2).map((o) => o.orderNo)), 3).capped).toBe(false);
  });

  test('a special invoice keeps only the orders that allow it', () => {
    const all = new Map(ORDERS.map((o) => [o.orderNo, o]));
    expect([...keepAllowed(all, 'special').keys()]).toEqual([ORDERS[1].orderNo]);
    expect(keepAllowed(all, 'ordinary').size).toBe(3);
  });

  test('payer names are compared with the title as written, surrounding spaces aside', () => {
    expect(payerMismatches(ORDERS, '示例科技').map((o) => o.orderNo)).toEqual([ORDERS[2].orderNo]);
    expect(payerMismatches(ORDERS, ' 示例科技 ').map((o) => o.orderNo)).toEqual([ORDERS[2].orderNo]);
    expect(payerMismatches(ORDERS, '示例科技有限公司')).toHaveLength(3);
    expect(payerMismatches(ORDERS, null)).toEqual([]);
  });
});
