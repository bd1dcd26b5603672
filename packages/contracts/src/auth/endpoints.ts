import { z } from 'zod';
import { memberEndpoint, publicEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import {
  zCaptchaParams,
  zChangeLocalRequest,
  zCountry,
  zForgetPasswordRequest,
  zLoginRequest,
  zLoginResponse,
  zPublicKeyResponse,
  zRegisterRequest,
  zRegisterResponse,
  zSendCodeRequest,
} from './schemas.js';

/** Sign-in, registration, passwords and the member's language. */
export const authEndpoints = {
  'POST /rrp/user/publicKey': publicEndpoint({ summary: 'RSA public key for sign-in fields', response: zPublicKeyResponse }),
  'GET /rrp/captcha/generator/:captchaId': publicEndpoint({
    summary: 'Picture captcha (SVG) for a client-made UUID',
    params: zCaptchaParams,
    response: 'file',
  }),
  'POST /rrp/user/login': publicEndpoint({ summary: 'Sign in', body: zLoginRequest, response: zLoginResponse }),
  'POST /rrp/user/logout': memberEndpoint({ summary: 'Sign out: ends the session on the server', permission: null, scope: 'self', response: zNull }),
  'POST /rrp/country/list': publicEndpoint({ summary: 'Countries and regions', response: z.array(zCountry) }),
  'POST /rrp/user/register': publicEndpoint({ summary: 'Register a company', body: zRegisterRequest, response: zRegisterResponse }),
  'POST /rrp/user/forget/password': publicEndpoint({ summary: 'Reset the password with an e-mail code', body: zForgetPasswordRequest, response: zNull }),
  'POST /rrp/send/verifyCode': publicEndpoint({ summary: 'E-mail a 6-digit code', body: zSendCodeRequest, response: zNull }),
  'POST /rrp/user/changeLocal': memberEndpoint({
    summary: "Store the member's language",
    permission: null,
    scope: 'self',
    body: zChangeLocalRequest,
    response: zNull,
    audit: 'account.locale',
  }),
} as const;
