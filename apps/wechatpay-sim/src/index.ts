export { loadSimKeys, type SimIdentity, type SimKeys } from './keys.js';
export { RETRY_DELAYS_S } from './notifier.js';
export { aeadDecrypt, aeadEncrypt, rfc3339Cst, SIGNTEST_PREFIX } from './protocol.js';
export { type Simulator, type SimulatorOptions, startSimulator } from './simulator.js';
export { NOTIFY_MODES, type NotifyMode, type SimNotification, type SimOrder } from './state.js';
