/** The operator platforms the product connects to (docs/connectors.md). */
export const PROVIDER_KINDS = ['simulated', 'cisco_cc', 'onelink'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** active; disabled by staff; credentials refused (no retries until fixed); unreachable since `unreachableSince`. */
export const ACCOUNT_STATES = ['active', 'disabled', 'auth_failed', 'unreachable'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** What a platform can do to a device; the console hides the rest for its devices, with the reason. */
export const CAPABILITIES = ['suspend', 'resume', 'deactivate', 'switch_card', 'esim', 'at_command', 'detect', 'refresh'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const PLATFORM_CAPABILITIES: Record<ProviderKind, readonly Capability[]> = {
  simulated: ['suspend', 'resume', 'switch_card', 'esim', 'at_command', 'detect', 'refresh'],
  cisco_cc: ['suspend', 'resume', 'deactivate', 'refresh'],
  onelink: ['suspend', 'resume', 'refresh'],
};

export const canDo = (kind: ProviderKind, capability: Capability) => PLATFORM_CAPABILITIES[kind].includes(capability);
