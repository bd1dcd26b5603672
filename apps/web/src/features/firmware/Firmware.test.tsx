import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { startSession } from '../../lib/session';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const FW = {
  id: '0b9a1459-0000-4000-8000-0000000000f1',
  version: '1.2.3',
  moduleModel: 'EC200U',
  releaseNotes: 'Faster network registration',
  fileName: 'ec200u-1.2.3.bin',
  size: 1_572_864,
  sha256: 'a'.repeat(64),
  downloads: 7,
  publishedAt: '2026-11-20T08:00:00.000Z',
  publishedBy: '运营',
};

beforeEach(() => resetState());

describe('firmware in the help document', () => {
  test('lists published firmware with size, checksum and downloads, and downloads a file by its id', async () => {
    const a = mockApi({
      '/firmware/list': () => [FW],
      '/firmware/download': () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="ec200u-1.2.3.bin"' },
        }),
    });
    signIn([]);
    renderApp('/document');
    const table = await screen.findByTestId('firmware-table');
    const row = await within(table).findByText('EC200U');
    const tr = row.closest('tr') as HTMLElement;
    expect(within(tr).getByText('1.5 MB')).toBeTruthy();
    expect(within(tr).getByText(`${'a'.repeat(12)}…`)).toBeTruthy();
    expect(within(tr).getByText('7')).toBeTruthy();
    await userEvent.click(within(tr).getByTestId(`firmware-download-${FW.id}`));
    await waitFor(() => expect(a.callsTo(`/firmware/download?id=${FW.id}`)).toHaveLength(1));
  });

  test('says so when nothing is published, in English too', async () => {
    mockApi({ '/firmware/list': () => [] });
    signIn([]);
    await changeLocale('en');
    renderApp('/document');
    expect(await screen.findByText('No firmware has been published yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Module firmware' })).toBeTruthy();
    expect(screen.queryByText(/on the way/)).toBeNull();
  });
});

describe('firmware in the back office', () => {
  function staff() {
    startSession({ principal: 'staff', token: 't', secretKey: 's', permissionsList: ['OPS_FIRMWARE'], deductionSource: 0 });
  }
  const opsApi = (upload: () => unknown) =>
    mockApi({
      '/api/v1/ops/account/query': () => ({ userId: 'o1', name: '运营', email: 'ops@rrp.local', locale: 'zh-CN', permissionsList: ['OPS_FIRMWARE'] }),
      '/api/v1/ops/firmware/list': () => [FW],
      '/api/v1/ops/firmware/upload': upload,
    });

  test('publishing sends the fields and the file as multipart, and a duplicate version is said at the version field', async () => {
    opsApi(() => new Response(JSON.stringify({ success: false, code: 39002, msg: '该模组已有相同版本的固件', obj: null }), { status: 409 }));
    staff();
    renderApp('/ops/firmware');
    await screen.findByText('EC200U');
    await userEvent.click(screen.getByTestId('firmware-publish'));
    await userEvent.type(await screen.findByTestId('firmware-model'), 'EC200U');
    await userEvent.type(screen.getByTestId('firmware-version'), '1.2.3');
    await userEvent.type(screen.getByTestId('firmware-notes'), '修复');
    const input = (await screen.findByRole('dialog')).querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array([1, 2])], 'fw.bin'));
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } };
    await userEvent.click(screen.getByTestId('firmware-publish-ok'));
    expect(await screen.findByText('该模组已有相同版本的固件')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/ops/firmware/upload'));
    expect(call).toBeTruthy();
    const body = new TextDecoder().decode(call?.[1].body as Uint8Array);
    expect(body).toContain('name="version"\r\n\r\n1.2.3');
    expect(body).toContain('name="moduleModel"\r\n\r\nEC200U');
    expect(body).toContain('filename="fw.bin"');
  });

  test('a file of another type is refused in the picker, before anything is sent', async () => {
    const a = opsApi(() => FW);
    staff();
    renderApp('/ops/firmware');
    await screen.findByText('EC200U');
    await userEvent.click(screen.getByTestId('firmware-publish'));
    const input = (await screen.findByRole('dialog')).querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['MZ'], 'setup.exe'), { applyAccept: false });
    expect(await screen.findByText(/文件类型须为|must be one of/)).toBeTruthy();
    expect(a.callsTo('/ops/firmware/upload')).toHaveLength(0);
  });
});
