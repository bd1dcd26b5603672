import type { ApiBody, Locale, TAccountInfo, TCountry, TLoginResponse } from '@rrp/contracts';
import { useEffect, useState } from 'react';
import { api, endpointUrl, publicApi } from '../../lib/api';
import { importPublicKey, rsaEncrypt } from '../../lib/rsa';

export type LoginInput = { account: string; password: string; captchaId: string; captcha: string };

/**
 * Sign-in of docs/api.md: fetch the RSA public key, encrypt account and password with
 * RSA-OAEP SHA-256, and post them with the captcha.
 */
export async function login(input: LoginInput): Promise<TLoginResponse> {
  const { keyId, publicKey } = await publicApi('POST /rrp/user/publicKey');
  const key = await importPublicKey(publicKey);
  const [name, password] = await Promise.all([rsaEncrypt(key, input.account.trim()), rsaEncrypt(key, input.password)]);
  return publicApi('POST /rrp/user/login', { name, password, key: input.captchaId, pictureCaptcha: input.captcha.trim(), keyId });
}

export function fetchAccount(): Promise<TAccountInfo> {
  return api('POST /rrp/account/query');
}

export function sendVerifyCode(body: ApiBody<'POST /rrp/send/verifyCode'>): Promise<null> {
  return publicApi('POST /rrp/send/verifyCode', body);
}

export function resetPassword(body: ApiBody<'POST /rrp/user/forget/password'>): Promise<null> {
  return publicApi('POST /rrp/user/forget/password', body);
}

export function register(body: ApiBody<'POST /rrp/user/register'>): Promise<{ bonusMb: number }> {
  return publicApi('POST /rrp/user/register', body);
}

export function changeServerLocale(localCode: Locale): Promise<null> {
  return api('POST /rrp/user/changeLocal', { localCode }, { silent: true });
}

export function captchaUrl(captchaId: string): string {
  return endpointUrl('GET /rrp/captcha/generator/:captchaId', { captchaId }).url;
}

let countries: Promise<TCountry[]> | null = null;

/** The public country list, read once per page load (it changes rarely); a failure is retried on next use. */
export function fetchCountries(): Promise<TCountry[]> {
  countries ??= publicApi('POST /rrp/country/list').then(
    (list) => (Array.isArray(list) ? list : []),
    (err: unknown) => {
      countries = null;
      throw err;
    },
  );
  return countries;
}

/** Forgets the cached country list (tests). */
export function resetCountries(): void {
  countries = null;
}

/** The country list for the registration form (the public pages have no query cache). */
export function useCountryList(): { data: TCountry[]; isLoading: boolean } {
  const [state, setState] = useState<{ data: TCountry[]; isLoading: boolean }>({ data: [], isLoading: true });
  useEffect(() => {
    let live = true;
    fetchCountries().then(
      (data) => live && setState({ data, isLoading: false }),
      () => live && setState({ data: [], isLoading: false }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
