// placeholder until the Control Center connector lands
import type { CiscoCredentials, Connector, ConnectorOptions } from '../connector.js';

export function createCiscoConnector(_opts: ConnectorOptions & { credentials: CiscoCredentials }): Connector {
  throw new Error('the Control Center connector is not built yet');
}
