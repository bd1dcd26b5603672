import { memberEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import {
  zDataCapResult,
  zDataCapUpdate,
  zDetection,
  zDetectionIdRequest,
  zDetectionList,
  zDetectionListRequest,
  zDetectionStart,
  zStrategy,
  zStrategyDetail,
  zStrategyDeviceList,
  zStrategyDeviceListRequest,
  zStrategyDevicesResult,
  zStrategyDevicesUpdate,
  zStrategyIdRequest,
  zStrategyList,
  zStrategyListRequest,
  zStrategySave,
} from './schemas.js';

/** Monitoring strategies belong to one company (spec section 2: /settings). */
const strategies = { permission: 'SERVICE_SETTING_MONITORSTRATEGY_INFO', scope: 'company' } as const;
/** The detection tool and data caps act on devices, like the device list's commands. */
const devices = { permission: 'DEVICE_LIST', scope: 'subtree' } as const;

export const monitoringEndpoints = {
  'POST /rrp/strategy/list': memberEndpoint({
    ...strategies,
    summary: 'Monitoring strategies of the company',
    body: zStrategyListRequest,
    response: zStrategyList,
  }),
  'POST /rrp/strategy/detail': memberEndpoint({
    ...strategies,
    summary: 'A strategy and the latest card switches it made',
    body: zStrategyIdRequest,
    response: zStrategyDetail,
  }),
  'POST /rrp/strategy/add': memberEndpoint({
    ...strategies,
    summary: 'Add a monitoring strategy',
    body: zStrategySave,
    response: zStrategy,
    audit: 'strategy.add',
  }),
  'POST /rrp/strategy/update': memberEndpoint({
    ...strategies,
    summary: 'Change a monitoring strategy (its devices measure by the new rules from their next probe)',
    body: zStrategySave,
    response: zStrategy,
    audit: 'strategy.update',
  }),
  'POST /rrp/strategy/delete': memberEndpoint({
    ...strategies,
    summary: 'Delete a strategy; its devices are no longer monitored',
    body: zStrategyIdRequest,
    response: zNull,
    audit: 'strategy.delete',
  }),
  'POST /rrp/strategy/devices/update': memberEndpoint({
    ...strategies,
    summary: 'Associate devices of the company with a strategy, or detach them',
    body: zStrategyDevicesUpdate,
    response: zStrategyDevicesResult,
    audit: 'strategy.devices',
  }),
  'POST /rrp/strategy/devices/list': memberEndpoint({
    ...strategies,
    summary: 'Devices of the company with their strategy and last probe (the device picker)',
    body: zStrategyDeviceListRequest,
    response: zStrategyDeviceList,
  }),
  'POST /rrp/detection/start': memberEndpoint({
    ...devices,
    summary: 'Send a network detection command to a device: it measures its link to the domain and reports',
    body: zDetectionStart,
    response: zDetection,
    audit: 'detection.start',
  }),
  'POST /rrp/detection/result': memberEndpoint({
    ...devices,
    summary: 'One detection and its state (poll it)',
    body: zDetectionIdRequest,
    response: zDetection,
  }),
  'POST /rrp/detection/list': memberEndpoint({
    ...devices,
    summary: "A device's latest detections, newest first",
    body: zDetectionListRequest,
    response: zDetectionList,
  }),
  'POST /rrp/dataCap/update': memberEndpoint({
    ...devices,
    summary: 'Set or remove the monthly hard data cap of devices or of a group of the caller’s company',
    body: zDataCapUpdate,
    response: zDataCapResult,
    audit: 'device.dataCap',
  }),
} as const;
