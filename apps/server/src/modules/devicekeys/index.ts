export { type DeviceKey, getOrCreateDeviceKey } from './device-keys.js';
