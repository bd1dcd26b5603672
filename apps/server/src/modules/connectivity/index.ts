export * from './connector.js';
export { assertPlatformAllows, type DevicePlatform, platformAllows, platformOf } from './device-platform.js';
export { EMBEDDED_SIMS, type EmbeddedSims, embeddedSimUrl, startEmbeddedSims } from './embedded-sims.js';
export { importAccountFor } from './import-account.js';
export { connectorOpener } from './opener.js';
export { connectorFor } from './registry.js';
export { AccountRouter } from './router.js';
export * from './sync/index.js';
