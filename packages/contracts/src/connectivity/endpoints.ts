import { z } from 'zod';
import { staffEndpoint } from '../core/endpoint.js';
import {
  zConnectivityAccount,
  zConnectivityAccountId,
  zConnectivityAddRequest,
  zConnectivityDisableRequest,
  zConnectivityList,
  zConnectivityListRequest,
  zConnectivityTestResult,
  zConnectivityUpdateRequest,
  zReconcileList,
  zReconcileListRequest,
  zReconcileResolveRequest,
  zReconcileResolveResult,
} from './schemas.js';

const ops = { permission: 'OPS_CONNECTIVITY', scope: 'platform' } as const;

/** The back office manages the operator platforms the product is connected to (docs/connectors.md). */
export const connectivityOpsEndpoints = {
  'POST /ops/connectivity/list': staffEndpoint({
    ...ops,
    summary: 'Operator platform accounts with their state and device counts',
    body: zConnectivityListRequest,
    response: zConnectivityList,
  }),
  'POST /ops/connectivity/detail': staffEndpoint({
    ...ops,
    summary: 'One operator platform account',
    body: zConnectivityAccountId,
    response: zConnectivityAccount,
  }),
  'POST /ops/connectivity/add': staffEndpoint({
    ...ops,
    summary: 'Connect an operator platform account (credentials are stored encrypted and never returned)',
    body: zConnectivityAddRequest,
    response: zConnectivityAccount,
    audit: 'connectivity.add',
  }),
  'POST /ops/connectivity/update': staffEndpoint({
    ...ops,
    summary: 'Change an account; credentials left out keep the saved ones',
    body: zConnectivityUpdateRequest,
    response: zConnectivityAccount,
    audit: 'connectivity.update',
  }),
  'POST /ops/connectivity/test': staffEndpoint({
    ...ops,
    summary: 'Make one real call to the platform and show its answer',
    body: zConnectivityAccountId,
    response: zConnectivityTestResult,
    audit: 'connectivity.test',
  }),
  'POST /ops/connectivity/sync': staffEndpoint({
    ...ops,
    summary: 'Start a sync of the account now',
    body: zConnectivityAccountId,
    response: z.object({ queued: z.boolean() }),
    audit: 'connectivity.sync',
  }),
  'POST /ops/connectivity/disable': staffEndpoint({
    ...ops,
    summary: 'Disable an account, or enable it again',
    body: zConnectivityDisableRequest,
    response: zConnectivityAccount,
    audit: 'connectivity.disable',
  }),
  'POST /ops/connectivity/reconcile/list': staffEndpoint({
    ...ops,
    summary: 'SIMs only on the platform, devices only in the product, or state differences of an account',
    body: zReconcileListRequest,
    response: zReconcileList,
  }),
  'POST /ops/connectivity/reconcile/resolve': staffEndpoint({
    ...ops,
    summary: 'Resolve a reconciliation row: import, mark removed, push our state or accept theirs',
    body: zReconcileResolveRequest,
    response: zReconcileResolveResult,
    audit: 'connectivity.reconcile',
  }),
} as const;
