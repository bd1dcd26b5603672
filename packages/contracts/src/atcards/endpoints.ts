import { memberEndpoint } from '../core/endpoint.js';
import { zAtCardList, zAtCardListRequest, zAtCommandRequest, zAtCommandResult, zAtLog, zAtLogRequest } from './schemas.js';

/**
 * The spec leaves /at-card-management/index unrestricted: every member of the company reads the
 * slots and their AT log; sending a command to a device needs the device list's code.
 */
export const atCardEndpoints = {
  'POST /rrp/atCard/list': memberEndpoint({
    permission: null,
    scope: 'company',
    summary: 'SIM slots of the company’s devices, filtered and paged',
    body: zAtCardListRequest,
    response: zAtCardList,
  }),
  'POST /rrp/atCard/log': memberEndpoint({
    permission: null,
    scope: 'company',
    summary: 'AT commands sent to a device and the module’s raw answers, newest first',
    body: zAtLogRequest,
    response: zAtLog,
  }),
  'POST /rrp/atCard/command': memberEndpoint({
    permission: 'DEVICE_LIST',
    scope: 'company',
    summary: 'Send an AT command to a device: switch slot or sync (completes later)',
    body: zAtCommandRequest,
    response: zAtCommandResult,
    audit: 'atCard.command',
  }),
} as const;
