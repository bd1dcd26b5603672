import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { mockApi, OVERVIEW, renderApp, resetState, signIn } from '../../test/utils';

const STAFF_SAVED = {
  phone: '+86 21 5555 0100',
  email: 'help@corp.example',
  officialSite: '',
  hours: { days: [1, 2, 3, 4, 5, 6], from: '08:30', to: '20:00', utcOffsetMinutes: 480 },
};

beforeEach(() => {
  resetState();
  signIn([]);
});
afterEach(() => changeLocale('zh-CN'));

describe('the support contact', () => {
  test('the home card and the customer-service widget show one contact, the hours in Chinese', async () => {
    mockApi({ '/account/overview': () => ({ ...OVERVIEW, contact: STAFF_SAVED }), '/platform/contact': () => STAFF_SAVED });
    renderApp('/home');
    const card = await screen.findByTestId('home-contact');
    expect(within(card).getByText('+86 21 5555 0100')).toBeTruthy();
    expect(within(card).getByText('help@corp.example')).toBeTruthy();
    expect(card.textContent).toContain('周一至周六 08:30–20:00（UTC+8）');
    // no official site set: no link to one
    expect(within(card).queryByText('官网')).toBeNull();

    await userEvent.click(screen.getByTestId('service-open'));
    const widget = await screen.findByTestId('service-channels');
    await waitFor(() => expect(within(widget).getByText('+86 21 5555 0100')).toBeTruthy());
    expect(within(widget).getByText('help@corp.example').getAttribute('href')).toBe('mailto:help@corp.example');
    expect(within(widget).getByText('+86 21 5555 0100').getAttribute('href')).toBe('tel:+862155550100');
    expect(widget.textContent).toContain('周一至周六 08:30–20:00（UTC+8）');
    expect(document.body.textContent).not.toMatch(/example\.com|400-000-0000/);
  });

  test('in English the hours read in English, and the official site is linked', async () => {
    await changeLocale('en');
    mockApi();
    renderApp('/home');
    const card = await screen.findByTestId('home-contact');
    expect(card.textContent).toContain('Mon–Fri 09:00–18:00 (UTC+8)');
    expect(within(card).getByText('www.rrp.example').getAttribute('href')).toBe('https://www.rrp.example');
    await userEvent.click(screen.getByTestId('service-open'));
    const widget = await screen.findByTestId('service-channels');
    await waitFor(() => expect(widget.textContent).toContain('Mon–Fri 09:00–18:00 (UTC+8)'));
  });

  test('the widget reads the contact itself on a page other than home', async () => {
    const api = mockApi({ '/platform/contact': () => STAFF_SAVED });
    renderApp('/account');
    await userEvent.click(await screen.findByTestId('service-open'));
    const widget = await screen.findByTestId('service-channels');
    await waitFor(() => expect(widget.textContent).toContain('周一至周六 08:30–20:00（UTC+8）'));
    expect(api.callsTo('/platform/contact')).toHaveLength(1);
    expect(api.callsTo('/account/overview')).toHaveLength(0);
  });
});
