export { AREAS, areaCode, NETWORK_OPERATORS, networkOperatorCode } from './catalogue.js';
export { createProvider } from './create-provider.js';
export { type DeviceKey, getOrCreateDeviceKey } from './device-keys.js';
export { networkHandlers } from './handlers.js';
export { networkJobs } from './jobs.js';
export { type CommandKind, type ConnectivityProvider, type DeviceRef, deviceRef } from './provider.js';
export { usageWindows } from './rollup.js';
export { SimulatorProvider } from './simulator/provider.js';
