export { type CcSimulator, type CcSimulatorOptions, startCcSimulator } from './cc/index.js';
export { FAULT_MODES, type FaultMode, Faults } from './core/faults.js';
export { cycleStartOf, type FleetOptions, type Sim, SimFleet } from './core/fleet.js';
export { esc, type Platform, type SimAnswer, type SimRequest, type SimServer, startSimServer } from './core/server.js';
export { type OneLinkSimulator, type OneLinkSimulatorOptions, startOneLinkSimulator } from './onelink/index.js';
