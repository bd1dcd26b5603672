import { AC_IMPORT_FAILURES } from '@rrp/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { AC_PERMS, ACS, importResult, LICENSES } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(AC_PERMS);
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/ac/list': () => ({ total: ACS.length, list: ACS }),
    '/ac/license/count': () => LICENSES,
    '/ac/import': () => importResult(),
    '/ac/import/template': () => new Response('xlsx', { headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="ac.xlsx"' } }),
    ...extra,
  });
}

async function openImport() {
  await userEvent.click(await screen.findByTestId('ac-import'));
  return (await screen.findByTestId('ac-import-count')).closest('.ant-modal') as HTMLElement;
}

function fileInput(dialog: HTMLElement): HTMLInputElement {
  const el = dialog.querySelector('input[type=file]');
  if (!el) throw new Error('no file input');
  return el as HTMLInputElement;
}

const setCount = (dialog: HTMLElement, value: string) => fireEvent.change(within(dialog).getByTestId('ac-import-count'), { target: { value } });
const xlsx = (name = 'acs.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: XLSX });

/** The text of the import's multipart body as it was sent. */
function sentBody(a: ReturnType<typeof api>): string {
  const call = a.fetchMock.mock.calls.find(([u]) => String(u).endsWith('/ac/import'));
  if (!call) throw new Error('no import call');
  return new TextDecoder().decode((call[1] as RequestInit).body as Uint8Array);
}

/** The localised reason of every refusal the server may give. */
const REASONS: Record<(typeof AC_IMPORT_FAILURES)[number], string> = {
  bad_ac_code: 'AC 码格式不正确',
  imei_and_eid: 'IMEI 与 EID 只能填写一个',
  no_imei_or_eid: '未填写 IMEI 或 EID',
  bad_imei: 'IMEI 格式不正确，应为 15 位数字',
  bad_eid: 'EID 格式不正确，应为 89 开头的 32 位数字',
  bad_iccid: 'ICCID 格式不正确，应为 89 开头的 19 或 20 位数字',
  bad_operator: '运营商不支持，仅限中国移动、中国联通、中国电信',
  duplicate_in_file: '与文件中前面的行重复',
  exists: '该 AC 码已导入过',
};

describe('AC import', () => {
  test('a count that is not six digits (12345), no count and no file are refused before sending', async () => {
    const a = api();
    renderApp('/ac-list');
    const dialog = await openImport();
    expect((await within(dialog).findByTestId('ac-import-available')).textContent).toBe('当前可用 AC License：120');
    await userEvent.click(within(dialog).getByTestId('ac-import-submit'));
    expect(await within(dialog).findByText('请填写导入数量')).toBeTruthy();
    expect(await within(dialog).findByText('请上传 AC 文件')).toBeTruthy();

    setCount(dialog, '12345');
    await userEvent.upload(fileInput(dialog), xlsx());
    await userEvent.click(within(dialog).getByTestId('ac-import-submit'));
    expect(await within(dialog).findByText('请填写 6 位数字，例如 000120（120 个）')).toBeTruthy();
    setCount(dialog, '000000');
    expect(await within(dialog).findByText('导入数量须在 000001 至 010000 之间')).toBeTruthy();
    expect(a.callsTo('/ac/import')).toHaveLength(0);
  });

  test('a file that is not .xlsx is refused at the file field', async () => {
    const a = api();
    renderApp('/ac-list');
    const dialog = await openImport();
    setCount(dialog, '000012');
    fireEvent.change(fileInput(dialog), { target: { files: [new File(['a,b'], 'acs.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(within(dialog).getByText('文件格式错误，仅支持 .xlsx 文件')).toBeTruthy());
    await userEvent.click(within(dialog).getByTestId('ac-import-submit'));
    expect(a.callsTo('/ac/import')).toHaveLength(0);
  });

  test('sends the count and the file as a signed multipart body, then shows the figures and every refused row with its reason', async () => {
    const a = api();
    renderApp('/ac-list');
    const dialog = await openImport();
    setCount(dialog, ' 000012 ');
    await userEvent.upload(fileInput(dialog), xlsx());
    expect(await within(dialog).findByText('acs.xlsx')).toBeTruthy();
    const licenseReads = a.callsTo('/ac/license/count').length;
    await userEvent.click(within(dialog).getByTestId('ac-import-submit'));

    await waitFor(() => expect(a.callsTo('/ac/import')).toHaveLength(1));
    const sent = sentBody(a);
    expect(sent).toMatch(/name="count"\r\n\r\n000012\r\n/);
    expect(sent).toMatch(/name="file"; filename="acs.xlsx"\r\nContent-Type: application\/vnd\.openxmlformats/);
    expect(a.callsTo('/ac/import')[0].headers['Content-Type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(a.callsTo('/ac/import')[0].headers['X-Sign']).toMatch(/^[0-9a-f]{64}$/);

    const result = await screen.findByTestId('ac-import-result');
    expect(within(result).getByText('已导入 3 个 AC')).toBeTruthy();
    expect(within(result).getByText('9 行未通过校验，未导入，原因见下表')).toBeTruthy();
    const figures = within(result).getByTestId('ac-import-figures');
    for (const [label, value] of [
      ['填写数量', '12'],
      ['文件行数', '12'],
      ['成功导入', '3'],
      ['未导入', '9'],
      ['剩余 AC License', '117'],
    ]) {
      const cell = within(figures).getByText(label).closest('th, td')?.nextElementSibling;
      expect(cell?.textContent).toBe(value);
    }
    const failures = within(result).getByTestId('ac-import-failures');
    expect(Object.keys(REASONS).sort()).toEqual([...AC_IMPORT_FAILURES].sort());
    for (const [i, reason] of AC_IMPORT_FAILURES.entries()) {
      const row = within(failures).getByText(REASONS[reason]).closest('tr') as HTMLElement;
      expect(within(row).getByText(String(i + 5))).toBeTruthy();
    }
    // the list and the AC Licenses are read again
    await waitFor(() => expect(a.callsTo('/ac/license/count').length).toBeGreaterThan(licenseReads));

    await userEvent.click(within(result).getByTestId('ac-import-again'));
    expect(await screen.findByTestId('ac-import-count')).toBeTruthy();
  });

  test('a count that does not match the file (34004) is said at the count field; too few AC Licenses (34003) in the dialog', async () => {
    let answer = { success: false, code: 34004, msg: '声明的导入数量 000012 与文件的 11 行不一致', obj: null };
    const a = api({ '/ac/import': () => jsonResponse(answer, 400) });
    renderApp('/ac-list');
    const dialog = await openImport();
    setCount(dialog, '000012');
    await userEvent.upload(fileInput(dialog), xlsx());
    await userEvent.click(within(dialog).getByTestId('ac-import-submit'));
    await waitFor(() => expect(document.querySelector('[id$="count_help"]')?.textContent).toBe('声明的导入数量 000012 与文件的 11 行不一致'));
    expect(screen.getAllByText('声明的导入数量 000012 与文件的 11 行不一致')).toHaveLength(1);

    answer = { success: false, code: 34003, msg: 'AC License 不足：可用 2 个', obj: null };
    setCount(dialog, '000011');
    await userEvent.click(within(dialog).getByTestId('ac-import-submit'));
    await waitFor(() => expect(a.callsTo('/ac/import')).toHaveLength(2));
    const shortage = await within(dialog).findByTestId('ac-import-shortage');
    expect(shortage.textContent).toContain('AC License 不足：可用 2 个');
    expect(screen.queryByTestId('ac-import-result')).toBeNull();
  });

  test('the template is a signed GET, saved as a file', async () => {
    const a = api();
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderApp('/ac-list');
    const dialog = await openImport();
    await userEvent.click(within(dialog).getByTestId('ac-import-template'));
    await waitFor(() => expect(a.callsTo('/ac/import/template')).toHaveLength(1));
    expect(a.callsTo('/ac/import/template')[0].headers['X-Sign']).toBeTruthy();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
  });
});
