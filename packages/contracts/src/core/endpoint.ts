import type { z } from 'zod';
import type { ErrorCode } from '../shared/errors.js';
import type { Permission, StaffPermission } from '../shared/permissions.js';

/** Every API path starts here; the key of an endpoint is written relative to it. */
export const API_ROOT = '/api/v1';

/**
 * Who calls an endpoint, and so which credential signs it (docs/api.md):
 * - `public`: nobody in particular (sign-in, registration, the captcha);
 * - `member`: a customer company's member, with a session;
 * - `staff`: platform staff in the back office, with a session;
 * - `device`: a device or gateway, with its company's device key;
 * - `provider`: a payment provider's server (WeChat Pay), verified by the provider's own signature scheme.
 */
export type Principal = 'public' | 'member' | 'staff' | 'device' | 'provider';

/** The path prefix (under API_ROOT) each principal's endpoints live in; neither reaches the other's. */
export const PRINCIPAL_PREFIX = { public: '/rrp/', member: '/rrp/', staff: '/ops/', device: '/device/', provider: '/pay/' } as const satisfies Record<
  Principal,
  string
>;

/**
 * Which records a handler may reach, and so what its scoped queries are restricted to:
 * `none` (no tenant data), `self` (the caller's own account), `company` (the caller's company),
 * `subtree` (the caller's company and its sub-companies), `platform` (every company: staff only).
 */
export type Scope = 'none' | 'self' | 'company' | 'subtree' | 'platform';

export type HttpMethod = 'GET' | 'POST';

/** `METHOD /path` under API_ROOT, e.g. `POST /rrp/device/list`. */
export type EndpointKey = `${HttpMethod} /${string}`;

/** A multipart upload: its text fields (validated like a body) and its files, signed over the raw bytes. */
export type MultipartSpec = {
  fields: z.ZodObject;
  /** file fields, their largest size in bytes, and the error a larger one answers (29011 by default) */
  files: Record<string, { maxBytes: number; tooLarge?: ErrorCode }>;
  /** the whole body's limit in bytes */
  maxBytes: number;
};

/** What an endpoint answers: a JSON `obj` of this schema inside the envelope, or a file. */
export type ResponseSpec = z.ZodType | 'file';

type Common = {
  /** one line for the OpenAPI description */
  summary: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  multipart?: MultipartSpec;
  response: ResponseSpec;
  /**
   * The audit action a successful call records, in the same transaction as the change
   * (`member.add`); absent for reads. The access-matrix test checks that the event is written.
   */
  audit?: string;
};

export type PublicEndpoint = Common & { principal: 'public'; permission: null; scope: 'none' };
/** A member endpoint's permission: one code, any one of several codes, or none (every member). */
export type MemberPermission = Permission | readonly Permission[] | null;
export type MemberEndpoint = Common & { principal: 'member'; permission: MemberPermission; scope: 'self' | 'company' | 'subtree' };

/** Whether held codes satisfy a declared permission (any one of a list). */
export function holdsPermission(held: readonly string[], permission: string | readonly string[] | null): boolean {
  if (!permission) return true;
  return typeof permission === 'string' ? held.includes(permission) : permission.some((p) => held.includes(p));
}
export type StaffEndpoint = Common & { principal: 'staff'; permission: StaffPermission | null; scope: 'self' | 'platform' };
export type DeviceEndpoint = Common & { principal: 'device'; permission: null; scope: 'company' };
/** Not signed by our scheme: the handler verifies the provider's signature over the raw body. */
export type ProviderEndpoint = Common & { principal: 'provider'; permission: null; scope: 'none' };
export type Endpoint = PublicEndpoint | MemberEndpoint | StaffEndpoint | DeviceEndpoint | ProviderEndpoint;

type Without<E, K extends keyof E> = Omit<E, K>;

/** An endpoint anyone may call. */
export const publicEndpoint = <const E extends Without<PublicEndpoint, 'principal' | 'permission' | 'scope'>>(e: E) =>
  ({ ...e, principal: 'public', permission: null, scope: 'none' }) as const;

/** An endpoint for signed-in members; `permission: null` lets every member call it. */
export const memberEndpoint = <const E extends Without<MemberEndpoint, 'principal'>>(e: E) => ({ ...e, principal: 'member' }) as const;

/** An endpoint of the back office, for platform staff. */
export const staffEndpoint = <const E extends Without<StaffEndpoint, 'principal'>>(e: E) => ({ ...e, principal: 'staff' }) as const;

/** An endpoint for devices, signed with their company's device key. */
export const deviceEndpoint = <const E extends Without<DeviceEndpoint, 'principal' | 'permission' | 'scope'>>(e: E) =>
  ({ ...e, principal: 'device', permission: null, scope: 'company' }) as const;

/** An endpoint a payment provider calls (its notifications). */
export const providerEndpoint = <const E extends Without<ProviderEndpoint, 'principal' | 'permission' | 'scope'>>(e: E) =>
  ({ ...e, principal: 'provider', permission: null, scope: 'none' }) as const;

export type EndpointMap = Record<EndpointKey, Endpoint>;

/** Method and path of a key: `POST /rrp/device/list` → POST, /api/v1/rrp/device/list. */
export function parseKey(key: string): { method: HttpMethod; path: string } {
  const m = /^(GET|POST) (\/\S+)$/.exec(key);
  if (!m) throw new Error(`Endpoint key "${key}" is not "GET /path" or "POST /path"`);
  return { method: m[1] as HttpMethod, path: `${API_ROOT}${m[2]}` };
}

/**
 * Joins the areas' endpoint maps into one, refusing a key declared twice, a key that is not
 * `METHOD /path`, and a path outside its principal's prefix.
 */
export function joinEndpoints<const M extends readonly EndpointMap[]>(...maps: M): UnionToIntersection<M[number]> {
  const out: Record<string, Endpoint> = {};
  for (const map of maps) {
    for (const [key, e] of Object.entries(map)) {
      if (key in out) throw new Error(`Endpoint ${key} is declared twice`);
      const { path } = parseKey(key);
      if (!path.startsWith(`${API_ROOT}${PRINCIPAL_PREFIX[e.principal]}`))
        throw new Error(`Endpoint ${key} (${e.principal}) must live under ${API_ROOT}${PRINCIPAL_PREFIX[e.principal]}`);
      if (e.multipart && e.body) throw new Error(`Endpoint ${key} declares both a JSON body and a multipart body`);
      out[key] = e;
    }
  }
  return out as UnionToIntersection<M[number]>;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
