import type { TAnnouncementBrief } from '@rrp/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const item = (n: number, read = true): TAnnouncementBrief => ({
  id: id(n),
  title: `公告 ${n}`,
  content: `第 ${n} 条公告的内容`,
  publishedAt: `2025-11-2${n}T08:00:00.000Z`,
  read,
});

/** Three announcements, newest (3) first: 3 ← 2 → 1. */
const DETAILS: Record<string, { item: TAnnouncementBrief; prevId: string | null; nextId: string | null }> = {
  [id(3)]: { item: item(3), prevId: null, nextId: id(2) },
  [id(2)]: { item: item(2, false), prevId: id(3), nextId: id(1) },
  [id(1)]: { item: item(1), prevId: id(2), nextId: null },
};

function detailApi() {
  return mockApi({
    '/announcement/detail': (body) => {
      const found = DETAILS[(body as { id: string }).id];
      return found ?? jsonResponse({ success: false, code: 29012, msg: '资源不存在', obj: null }, 404);
    },
  });
}

beforeEach(() => {
  resetState();
  signIn([]);
});

describe('announcement detail', () => {
  test('reads the announcement and its neighbours from /announcement/detail, and marks it read', async () => {
    const api = detailApi();
    renderApp(`/newspaper/detail?id=${id(2)}`);
    await screen.findByRole('heading', { name: '公告 2' });
    expect(screen.getByText('第 2 条公告的内容')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('announcement-prev').textContent).toContain('公告 3'));
    await waitFor(() => expect(screen.getByTestId('announcement-next').textContent).toContain('公告 1'));
    expect(api.callsTo('/announcement/detail')[0].body).toEqual({ id: id(2) });
    expect(api.callsTo('/announcement/list')).toHaveLength(0);
    await waitFor(() => expect(api.callsTo('/announcement/mark')).toHaveLength(1));
    expect(api.callsTo('/announcement/mark')[0].body).toEqual({ id: id(2), read: true });
  });

  test('previous and next open the neighbours; the ends say there is none', async () => {
    detailApi();
    const { router } = renderApp(`/newspaper/detail?id=${id(2)}`);
    await userEvent.click(await screen.findByTestId('announcement-prev'));
    await screen.findByRole('heading', { name: '公告 3' });
    expect(router.state.location.search).toBe(`?id=${id(3)}`);
    expect(screen.queryByTestId('announcement-prev')).toBeNull();
    expect(screen.getByText('没有了')).toBeTruthy();
    await userEvent.click(await screen.findByTestId('announcement-next'));
    await screen.findByRole('heading', { name: '公告 2' });
    await userEvent.click(await screen.findByTestId('announcement-next'));
    await screen.findByRole('heading', { name: '公告 1' });
    expect(screen.queryByTestId('announcement-next')).toBeNull();
  });

  test('an unknown id (404, code 29012) shows "not found" without an error message', async () => {
    const api = detailApi();
    renderApp(`/newspaper/detail?id=${id(9)}`);
    await screen.findByText('公告不存在或已下线');
    expect(api.callsTo('/announcement/detail')).toHaveLength(1);
    expect(screen.queryByText('资源不存在')).toBeNull();
  });

  test('a malformed id is "not found" without asking the server', async () => {
    const api = detailApi();
    renderApp('/newspaper/detail?id=not-a-uuid');
    await screen.findByText('公告不存在或已下线');
    expect(api.callsTo('/announcement/detail')).toHaveLength(0);
  });

  test('another failure offers a retry', async () => {
    let fail = true;
    mockApi({
      '/announcement/detail': (body) => (fail ? jsonResponse({ message: 'bad gateway' }, 502) : DETAILS[(body as { id: string }).id]),
    });
    renderApp(`/newspaper/detail?id=${id(1)}`);
    await screen.findByText('公告加载失败');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await screen.findByRole('heading', { name: '公告 1' });
  });
});
