import { createCiscoConnector } from './cisco/index.js';
import type { Connector, ConnectorOptions, Credentials } from './connector.js';
import { createOneLinkConnector } from './onelink/index.js';

/** The connector of an account of a platform kind, from its address and (decrypted) credentials. */
export function connectorFor(credentials: Credentials, opts: ConnectorOptions): Connector {
  switch (credentials.kind) {
    case 'cisco_cc':
      return createCiscoConnector({ ...opts, credentials });
    case 'onelink':
      return createOneLinkConnector({ ...opts, credentials });
  }
}
