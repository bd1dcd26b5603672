export { AREA_REGION_KEYS, AREAS, areaCode, NETWORK_OPERATORS, networkOperatorCode } from './catalogue.js';
export { createProvider } from './create-provider.js';
export { networkJobs } from './jobs.js';
export { type CommandKind, type ConnectivityProvider, type DeviceRef, deviceRef } from './provider.js';
export { buildReportCall } from './report-client.js';
export { fallBackToPhysicalCard } from './simulator/esim.js';
export { fleetTick } from './simulator/fleet.js';
export { SPELL_MS, spellAt } from './simulator/link.js';
export { SimulatorProvider } from './simulator/provider.js';
