import type { Config } from '../../../config.js';
import { ConfigError } from '../../../config.js';
import { AppError } from '../../../plugins/errors.js';
import { secretsKey } from '../secrets.js';

export type KeyConfig = Pick<Config, 'NODE_ENV' | 'RRP_SECRETS_KEY' | 'dataDir'>;

/** The credentials' master key; a server without one (production, RRP_SECRETS_KEY unset) answers 40010 instead of saving or reading them. */
export function masterKey(config: KeyConfig): Buffer {
  try {
    return secretsKey(config);
  } catch (err) {
    if (err instanceof ConfigError) throw new AppError(40010);
    throw err;
  }
}
