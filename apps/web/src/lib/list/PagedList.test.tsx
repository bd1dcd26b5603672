import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, Input, Select } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { FilterBar } from './FilterBar';
import { PagedTable } from './PagedTable';
import { anyFilter, oneOfField, readFilters, readPage, textField, type UrlFields, writeListQuery } from './urlFields';
import { useListUrl } from './useListUrl';

type Filters = { keyword?: string; state?: 'on' | 'off'; sort: 'new' | 'old' };
const FIELDS: UrlFields<Filters> = { keyword: textField(20), state: oneOfField(['on', 'off']), sort: oneOfField(['new', 'old'], 'new') };
const SIZES = [10, 20, 50] as const;
type Row = { id: number; name: string };

let answers: { total: number; list: Row[] } | 'fail' = { total: 0, list: [] };
const requests: unknown[] = [];

function fetchPage(req: Filters & { pageNum: number; pageSize: number }) {
  requests.push(req);
  if (answers === 'fail') return Promise.reject(new Error('down'));
  return Promise.resolve(answers);
}

function ListPage() {
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: SIZES });
  const req = { ...filters, ...page };
  const list = useQuery({ queryKey: ['rows', req], queryFn: () => fetchPage(req), placeholderData: keepPreviousData, retry: false });
  return (
    <>
      <FilterBar<Filters> prefix="demo" values={filters} onApply={(v) => setFilters({ ...v, sort: filters.sort })}>
        <Form.Item name="keyword" label="Keyword">
          <Input data-testid="demo-filter-keyword" />
        </Form.Item>
        <Form.Item name="state" label="State">
          <Select allowClear options={[{ value: 'on', label: 'On' }]} />
        </Form.Item>
      </FilterBar>
      <PagedTable<Row>
        rowKey="id"
        data-testid="demo-table"
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        list={list}
        page={page}
        setPage={setPage}
        pageSizes={SIZES}
      />
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/list', element: <ListPage /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const rows = (n: number, from = 1): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `row ${from + i}` }));
const search = (router: ReturnType<typeof renderAt>) => new URLSearchParams(router.state.location.search);

beforeEach(() => {
  requests.length = 0;
  answers = { total: 0, list: [] };
});

describe('list filters and page in the URL', () => {
  it('counts a filter set to false or 0 as a filter, and an absent one as none', () => {
    expect(anyFilter({})).toBe(false);
    expect(anyFilter({ keyword: undefined, state: undefined })).toBe(false);
    expect(anyFilter({ keyword: undefined, handled: false })).toBe(true);
    expect(anyFilter({ productType: 0 })).toBe(true);
  });

  it('reads a shared link: the filters fill the form and the request, the page and size the pager', async () => {
    answers = { total: 45, list: rows(20, 21) };
    renderAt('/list?keyword=abc&state=on&page=2&size=20');
    expect(await screen.findByText('row 21')).toBeTruthy();
    expect(requests.at(-1)).toEqual({ keyword: 'abc', state: 'on', sort: 'new', pageNum: 2, pageSize: 20 });
    expect((screen.getByTestId('demo-filter-keyword') as HTMLInputElement).value).toBe('abc');
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('2');
  });

  it('drops values the list would refuse and leaves defaults out of the URL', () => {
    const read = readFilters(new URLSearchParams('state=maybe&keyword=%20%20&sort=old'), FIELDS);
    expect(read).toEqual({ sort: 'old' });
    const written = writeListQuery(new URLSearchParams('eid=E1&page=3'), FIELDS, { keyword: 'x', sort: 'new' }, { pageNum: 1, pageSize: 10 }, 10);
    expect(written.toString()).toBe('eid=E1&keyword=x');
  });

  it('a prefix keeps the keys of two lists on one page apart', () => {
    const params = new URLSearchParams('tab=b&keyword=x&page=3&bKeyword=y&bPage=2&bSize=20');
    expect(readFilters(params, FIELDS, 'b')).toEqual({ keyword: 'y', sort: 'new' });
    expect(readPage(params, SIZES, 10, 'b')).toEqual({ pageNum: 2, pageSize: 20 });
    expect(readPage(params, SIZES, 10)).toEqual({ pageNum: 3, pageSize: 10 });
    const written = writeListQuery(params, FIELDS, { state: 'off', sort: 'old' }, { pageNum: 1, pageSize: 10 }, 10, 'b');
    expect(written.toString()).toBe('tab=b&keyword=x&page=3&bState=off&bSort=old');
  });

  it('searching writes the filters to the URL at page 1, and back returns to the previous ones', async () => {
    answers = { total: 30, list: rows(10) };
    const router = renderAt('/list?page=3');
    await screen.findByText('row 1');
    fireEvent.change(screen.getByTestId('demo-filter-keyword'), { target: { value: ' pump ' } });
    fireEvent.click(screen.getByTestId('demo-filter-search'));
    await waitFor(() => expect(search(router).get('keyword')).toBe('pump'));
    expect(search(router).get('page')).toBeNull();
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ keyword: 'pump', pageNum: 1 }));

    await act(() => router.navigate(-1));
    expect(search(router).get('page')).toBe('3');
    await waitFor(() => expect((screen.getByTestId('demo-filter-keyword') as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(requests.at(-1)).toEqual({ sort: 'new', pageNum: 3, pageSize: 10 }));
  });

  it('reset clears the filters in the form and the URL', async () => {
    answers = { total: 1, list: rows(1) };
    const router = renderAt('/list?keyword=abc&state=on');
    await screen.findByText('row 1');
    fireEvent.click(screen.getByTestId('demo-filter-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByTestId('demo-filter-keyword') as HTMLInputElement).value).toBe('');
  });

  it('the pager moves pages and the size changer goes back to page 1, both in the URL', async () => {
    answers = { total: 95, list: rows(10) };
    const router = renderAt('/list?page=2');
    await screen.findByText('row 1');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(search(router).get('page')).toBe('3'));

    const sizer = document.querySelector('.ant-pagination-options') as HTMLElement;
    fireEvent.mouseDown(within(sizer).getByRole('combobox'));
    const option = () => [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent?.startsWith('20 '));
    await waitFor(() => expect(option()).toBeTruthy());
    fireEvent.click(option() as Element);
    await waitFor(() => expect(search(router).get('size')).toBe('20'));
    expect(search(router).get('page')).toBeNull();
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ pageNum: 1, pageSize: 20 }));
  });

  it('a failed load shows the failure with a retry that asks again', async () => {
    answers = 'fail';
    renderAt('/list');
    const retry = await screen.findByTestId('list-retry');
    expect(screen.getByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByTestId('demo-table')).toBeNull();
    answers = { total: 1, list: rows(1) };
    fireEvent.click(retry);
    expect(await screen.findByText('row 1')).toBeTruthy();
    expect(screen.getByText('共 1 条')).toBeTruthy();
  });

  it('at phone width the filter form stacks: labels above full-width fields, the buttons in their own row', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: true })) as typeof window.matchMedia;
    try {
      renderAt('/list');
      const form = (await screen.findByTestId('demo-filter-search')).closest('form') as HTMLElement;
      expect(form.className).toContain('ant-form-vertical');
      expect(form.className).toContain('filter-bar-phone');
      expect(screen.getByTestId('demo-filter-search').closest('.ant-form-item')?.className).toContain('filter-bar-buttons');
    } finally {
      window.matchMedia = wide;
    }
  });
});
