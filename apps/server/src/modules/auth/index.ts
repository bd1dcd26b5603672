export { Captchas } from './captcha.js';
export { authHandlers } from './handlers.js';
export { storeLocale } from './locale.js';
export { RsaKeys } from './rsa-keys.js';
export { createSession, endSession, endUserSessions } from './sessions.js';
