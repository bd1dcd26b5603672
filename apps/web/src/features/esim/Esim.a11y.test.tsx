import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, test } from 'vitest';
import { Providers } from '../../app/Providers';
import { loadNamespaces } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { seriousAxe } from '../../test/axe';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { EsimDetailView } from './EsimDetailView';
import { EID_A, ESIM_PERMS, esimDetail, ICCID_OFF, ROWS } from './testFixtures';

/*
 * axe-core on the eSIM list and its EID detail as jsdom renders them: labels, names of buttons
 * and inputs, ARIA use. Colour contrast needs a real browser. The detail is rendered on its own:
 * behind the list, jsdom's style computation makes axe take minutes.
 */

beforeEach(() => {
  resetState();
  signIn(ESIM_PERMS);
  mockApi({
    // no pending row: the list would poll every 3 s while axe runs
    '/esim/list': () => ({ total: ROWS.length, list: ROWS.map((r) => ({ ...r, pending: false })) }),
    '/esim/detail': () => esimDetail(),
  });
});

describe('eSIM pages accessibility', () => {
  test('the list: filters, toolbar, table and pager', async () => {
    renderApp('/esim-list');
    await screen.findByTestId(`esim-row-${EID_A}`);
    expect(
      await seriousAxe(['.esim-filters', '.esim-toolbar', '[data-testid="esim-table"] thead', '[data-testid="esim-table"] tbody', '.ant-pagination']),
    ).toEqual([]);
  }, 60_000);

  test('the EID detail: facts, service, profiles, operation log and the delete confirmation', async () => {
    await loadNamespaces(['esim', 'devices']);
    render(
      <Providers>
        <QueryClientProvider client={queryClient}>
          <App>
            <EsimDetailView eid={EID_A} />
          </App>
        </QueryClientProvider>
      </Providers>,
    );
    await screen.findByTestId('esim-profiles');
    expect(
      await seriousAxe([
        '.esim-detail-body .ant-descriptions',
        '.esim-detail-body .esim-action-wrap',
        '[data-testid="esim-profiles"] thead',
        '[data-testid="esim-profiles"] tbody',
        '[data-testid="esim-operations"]',
      ]),
    ).toEqual([]);
    await userEvent.click(within(screen.getByTestId('esim-profiles')).getByTestId(`profile-delete-${ICCID_OFF}`));
    await screen.findByTestId('profile-delete-ok');
    expect(await seriousAxe(['.ant-popover'])).toEqual([]);
  }, 90_000);
});
