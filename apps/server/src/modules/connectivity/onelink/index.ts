// placeholder until the OneLink connector lands
import type { Connector, ConnectorOptions, OneLinkCredentials } from '../connector.js';

export function createOneLinkConnector(_opts: ConnectorOptions & { credentials: OneLinkCredentials }): Connector {
  throw new Error('the OneLink connector is not built yet');
}
