import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import type { ConnectivityProvider } from '../network/index.js';
import { updateDataCap } from './data-cap.js';
import { detectionResult, listDetections, startDetection } from './detection.js';
import { deleteStrategy, listStrategies, saveStrategy, strategyDetail } from './strategies.js';
import { strategyDevices, updateStrategyDevices } from './strategy-devices.js';

/**
 * Monitoring strategies (the caller's company), the network detection tool and hard data caps
 * (devices the scope reaches). docs/monitoring.md.
 */
export const monitoringHandlers = ({ database, provider }: { database: Database; provider: ConnectivityProvider }) =>
  handlers({
    'POST /rrp/strategy/list': ({ scope, body }) => listStrategies(database, scope, body),
    'POST /rrp/strategy/detail': ({ scope, body }) => strategyDetail(database, scope, body.id),
    'POST /rrp/strategy/add': ({ scope, actor, body }) => saveStrategy(database, { scope, actor }, body, 'add'),
    'POST /rrp/strategy/update': ({ scope, actor, body }) => saveStrategy(database, { scope, actor }, body, 'update'),
    'POST /rrp/strategy/delete': ({ scope, actor, body }) => deleteStrategy(database, { scope, actor }, body.id),
    'POST /rrp/strategy/devices/update': ({ scope, actor, body }) => updateStrategyDevices(database, { scope, actor }, body),
    'POST /rrp/strategy/devices/list': ({ scope, body }) => strategyDevices(database, scope, body),
    'POST /rrp/detection/start': ({ scope, actor, caller, locale, body }) =>
      startDetection(database, provider, { scope, actor, userId: caller.userId, locale }, body),
    'POST /rrp/detection/result': ({ scope, locale, body }) => detectionResult(database, scope, body.id, locale),
    'POST /rrp/detection/list': ({ scope, locale, body }) => listDetections(database, scope, body.imei, locale),
    'POST /rrp/dataCap/update': ({ scope, actor, body }) => updateDataCap(database, { scope, actor }, body),
  });
