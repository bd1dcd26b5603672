import type { SimAnswer } from '../core/server.js';

/**
 * Control Center's error answers: a JSON body `{errorMessage, errorCode}` (the code a string) with
 * the HTTP status. Codes marked "guessed" in docs/connectors/cisco-control-center.md are not from
 * a published table.
 */
export const CC_ERRORS = {
  invalidCredentials: { http: 401, code: '10000001', message: 'Invalid credentials' },
  modifiedSinceRequired: { http: 400, code: '10000003', message: 'ModifiedSince is required.' },
  invalidModifiedSince: { http: 400, code: '10000004', message: 'Invalid modifiedSince. Use the ISO 8601 format, e.g. 2016-04-18T17:31:34+00:00.' },
  invalidPageSize: { http: 400, code: '10000005', message: 'Invalid pageSize. The maximum value is 50.' },
  invalidPageNumber: { http: 400, code: '10000006', message: 'Invalid pageNumber.' },
  invalidStatus: { http: 400, code: '10000007', message: 'Invalid status.' },
  invalidEffectiveDate: { http: 400, code: '10000008', message: 'Invalid effectiveDate. It must be a valid date no more than 180 days in the future.' },
  statusChangeNotAllowed: { http: 400, code: '10000009', message: 'The SIM status change is not allowed.' },
  jsonNotWellFormed: {
    http: 400,
    code: '10000023',
    message: 'The JSON in the request is not well formed. Please ensure that commas, colons, braces etc. are formatted properly.',
  },
  invalidApiVersion: { http: 400, code: '10000024', message: 'Invalid apiVersion.' },
  invalidRequest: { http: 400, code: '10000028', message: 'Invalid request. The request contained one or more unrecognized parameters.' },
  invalidIccid: { http: 404, code: '20000001', message: 'Resource not found - Invalid ICCID.' },
  unknownServerError: { http: 500, code: '30000001', message: 'Unknown server error.' },
  rateLimitExceeded: { http: 429, code: '40000029', message: 'Rate Limit Exceeded' },
} as const;

export type CcError = (typeof CC_ERRORS)[keyof typeof CC_ERRORS];

export const ccError = (e: CcError): SimAnswer => ({ status: e.http, json: { errorMessage: e.message, errorCode: e.code } });

/** A request without any Authorization header: Control Center answers this one without a code. */
export const noAuthentication = (): SimAnswer => ({ status: 401, json: { errorMessage: 'Full authentication is required to access this resource' } });
