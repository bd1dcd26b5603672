import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';

const LICENSES = { stock: 12, inUse: 30, expiring30d: 1, reserved: 2, importable: 10 };
const TASK = {
  id: '0b9a1459-0000-4000-8000-0000000000aa',
  taskName: 'devices.xlsx',
  region: 'europe',
  status: 'running',
  total: 3,
  processed: 0,
  succeeded: 0,
  failed: 0,
  actor: 'Alice',
  createdAt: '2026-11-21T08:00:00Z',
  finishedAt: null,
};

beforeEach(() => {
  resetState();
  signIn(['DEVICE_IMPORT']);
});

async function chooseRegion(label: string) {
  const select = await screen.findByTestId('import-region');
  await userEvent.click(within(select).getByRole('combobox'));
  await userEvent.click(await screen.findByTitle(label));
}

function fileInput(): HTMLInputElement {
  const el = document.querySelector('input[type=file]');
  if (!el) throw new Error('no file input');
  return el as HTMLInputElement;
}

describe('batch import', () => {
  test('shows the License figures with importable = stock − reserved', async () => {
    mockApi({ '/license/query/count': () => LICENSES });
    renderApp('/device');
    const card = await screen.findByTestId('import-license');
    await within(card).findByText('可导入数量');
    expect(within(card).getByText('10')).toBeTruthy();
    expect(within(card).getByText('本月预留')).toBeTruthy();
    expect(within(card).getAllByText(/可导入数量 = 库存 − 本月预留/).length).toBeGreaterThan(0);
  });

  test('with no importable License, a member who may buy is offered the purchase page; one who may not is only told', async () => {
    const none = { ...LICENSES, stock: 2, importable: 0 };
    mockApi({ '/license/query/count': () => none });
    signIn(['DEVICE_IMPORT', 'MERCHANDISE', 'MERCHANDISE_BUY_LICENSE']);
    const { router } = renderApp('/device');
    const card = await screen.findByTestId('import-license');
    await userEvent.click(await within(card).findByRole('button', { name: '购买 License' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/license'));

    resetState();
    signIn(['DEVICE_IMPORT']);
    mockApi({ '/license/query/count': () => none });
    renderApp('/device');
    const again = (await screen.findAllByTestId('import-license')).at(-1) as HTMLElement;
    await within(again).findByText(/请先购买 License/);
    expect(within(again).queryByRole('button', { name: '购买 License' })).toBeNull();
  });

  test('region and file are required; nothing is sent without them', async () => {
    const api = mockApi({ '/license/query/count': () => LICENSES });
    renderApp('/device');
    await userEvent.click(await screen.findByTestId('import-submit'));
    expect(await screen.findByText('请上传 IMEI 文件')).toBeTruthy();
    expect(document.querySelector('#region_help, [id$="region_help"]')?.textContent).toBe('请选择区域');
    expect(api.callsTo('/device/import')).toHaveLength(0);
  });

  test('a file that is not .xlsx is reported once, next to the field, and leaves the picker', async () => {
    const api = mockApi({ '/license/query/count': () => LICENSES });
    renderApp('/device');
    await chooseRegion('欧洲');
    fireEvent.change(fileInput(), { target: { files: [new File(['a,b'], 'devices.csv', { type: 'text/csv' })] } });
    const help = await waitFor(() => {
      const el = document.querySelector('[id$="file_help"]');
      expect(el?.textContent).toBe('文件格式错误，仅支持 .xlsx 文件');
      return el as HTMLElement;
    });
    expect(help).toBeTruthy();
    // once: no message toast besides the inline error, and the refused file is not listed
    expect(screen.getAllByText('文件格式错误，仅支持 .xlsx 文件')).toHaveLength(1);
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('文件格式错误');
    expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(0);
    expect(screen.queryByText('devices.csv')).toBeNull();
    await userEvent.click(screen.getByTestId('import-submit'));
    expect(api.callsTo('/device/import')).toHaveLength(0);

    // a good file replaces the error
    fireEvent.change(fileInput(), { target: { files: [new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'devices.xlsx')] } });
    expect(await screen.findByText('devices.xlsx')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('文件格式错误，仅支持 .xlsx 文件')).toBeNull());
  });

  test('a file the server refuses is reported once at the field and the picker is emptied', async () => {
    const api = mockApi({
      '/license/query/count': () => LICENSES,
      '/device/import': () => jsonResponse({ success: false, code: 23005, msg: '文件格式错误，仅支持 xlsx', obj: null }, 400),
    });
    renderApp('/device');
    await chooseRegion('欧洲');
    fireEvent.change(fileInput(), { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.xlsx')] } });
    expect(await screen.findByText('photo.xlsx')).toBeTruthy();
    await userEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(api.callsTo('/device/import')).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('[id$="file_help"]')?.textContent).toBe('文件格式错误，仅支持 xlsx'));
    expect(screen.getAllByText('文件格式错误，仅支持 xlsx')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('photo.xlsx')).toBeNull());
    expect(screen.queryByTestId('import-progress')).toBeNull();
  });

  test('uploads region and file, follows the task to its result, offers the failed rows', async () => {
    let polls = 0;
    const api = mockApi({
      '/license/query/count': () => LICENSES,
      '/device/import': () => TASK,
      '/device/import/task': () => {
        polls += 1;
        return polls === 1 ? { ...TASK, processed: 2 } : { ...TASK, status: 'done', processed: 3, succeeded: 2, failed: 1, finishedAt: '2026-11-21T08:00:05Z' };
      },
    });
    renderApp('/device');
    await chooseRegion('欧洲');
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'devices.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await userEvent.upload(fileInput(), file);
    await userEvent.click(screen.getByTestId('import-submit'));

    await waitFor(() => expect(api.callsTo('/device/import')).toHaveLength(1));
    const call = api.fetchMock.mock.calls.find(([u]) => String(u).endsWith('/device/import'));
    const init = call?.[1] as RequestInit;
    const sent = new TextDecoder().decode(init.body as Uint8Array);
    expect(sent).toMatch(/name="region"\r\n\r\neurope\r\n/);
    expect(sent).toMatch(/name="file"; filename="devices.xlsx"/);
    expect(api.callsTo('/device/import')[0].headers['X-Sign']).toMatch(/^[0-9a-f]{64}$/);

    expect(await screen.findByTestId('import-progress')).toBeTruthy();
    const result = await screen.findByTestId('import-result', {}, { timeout: 8000 });
    expect(within(result).getByText('共导入 3 行：成功 2，失败 1')).toBeTruthy();
    expect(within(result).getByTestId('import-download-failed')).toBeTruthy();
    expect(within(result).getAllByText('查看导入记录').length).toBeGreaterThan(0);
    expect(api.callsTo('/device/import/task')[0].body).toEqual({ id: TASK.id });
  });

  test('no failed rows: no download button', async () => {
    mockApi({
      '/license/query/count': () => LICENSES,
      '/device/import': () => ({ ...TASK, status: 'done', processed: 3, succeeded: 3, finishedAt: '2026-11-21T08:00:05Z' }),
    });
    renderApp('/device');
    await chooseRegion('欧洲');
    await userEvent.upload(fileInput(), new File(['x'], 'devices.xlsx'));
    await userEvent.click(screen.getByTestId('import-submit'));
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByText('共导入 3 行：成功 3，失败 0')).toBeTruthy();
    expect(within(result).queryByTestId('import-download-failed')).toBeNull();
  });

  test('the import log lists tasks with UTC dates and paging', async () => {
    const api = mockApi({
      '/device/import/log/list': () => ({ total: 1, list: [{ ...TASK, status: 'done', processed: 3, succeeded: 2, failed: 1 }] }),
    });
    renderApp('/device-logs');
    const table = await screen.findByTestId('import-log-table');
    await within(table).findByText('devices.xlsx');
    expect(within(table).getByText('2026-11-21 08:00')).toBeTruthy();
    expect(within(table).getByText('下载失败明细')).toBeTruthy();
    expect(api.callsTo('/device/import/log/list')[0].body).toEqual({ pageNum: 1, pageSize: 20 });
  });
});
