import type {
  Locale,
  TAccountInfo,
  TCountry,
  TForgetPasswordRequest,
  TLoginResponse,
  TPublicKeyResponse,
  TRegisterRequest,
  TSendCodeRequest,
} from '@rrp/contracts';
import { API_PREFIX } from '@rrp/contracts';
import { useEffect, useState } from 'react';
import { post, postPublic } from '../../lib/http';
import { importPublicKey, rsaEncrypt } from '../../lib/rsa';

export type LoginInput = { account: string; password: string; captchaId: string; captcha: string };

/**
 * Sign-in of docs/api.md: fetch the RSA public key, encrypt account and password with
 * RSA-OAEP SHA-256, and post them with the captcha.
 */
export async function login(input: LoginInput): Promise<TLoginResponse> {
  const { keyId, publicKey } = await postPublic<TPublicKeyResponse>('/user/publicKey', {});
  const key = await importPublicKey(publicKey);
  const [name, password] = await Promise.all([rsaEncrypt(key, input.account.trim()), rsaEncrypt(key, input.password)]);
  return postPublic<TLoginResponse>('/user/login', { name, password, key: input.captchaId, pictureCaptcha: input.captcha.trim(), keyId });
}

export function fetchAccount(): Promise<TAccountInfo> {
  return post<TAccountInfo>('/account/query', {});
}

export function sendVerifyCode(body: TSendCodeRequest): Promise<unknown> {
  return postPublic('/send/verifyCode', body);
}

export function resetPassword(body: TForgetPasswordRequest): Promise<unknown> {
  return postPublic('/user/forget/password', body);
}

export function register(body: TRegisterRequest): Promise<{ bonusMb: number }> {
  return postPublic<{ bonusMb: number }>('/user/register', body);
}

export function changeServerLocale(localCode: Locale): Promise<unknown> {
  return post('/user/changeLocal', { localCode }, { silent: true });
}

export function captchaUrl(captchaId: string): string {
  return `${API_PREFIX}/captcha/generator/${encodeURIComponent(captchaId)}`;
}

let countries: Promise<TCountry[]> | null = null;

/** The public country list, read once per page load (it changes rarely); a failure is retried on next use. */
export function fetchCountries(): Promise<TCountry[]> {
  countries ??= postPublic<TCountry[]>('/country/list', {}).then(
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
