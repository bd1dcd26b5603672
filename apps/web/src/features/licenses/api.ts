import type { ApiBody } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { deviceKeys } from '../devices/api';

export { useLicenseCount } from '../devices/api';
export type LedgerRequest = ApiBody<'POST /rrp/license/ledger/list'>;
export type ExpiringRequest = ApiBody<'POST /rrp/license/expiring/list'>;
export type AutoRenewBulk = ApiBody<'POST /rrp/license/autoRenew/update'>;

export const licenseKeys = {
  all: ['license'] as const,
  ledger: (req: LedgerRequest) => ['license', 'ledger', req] as const,
  expiring: (req: ExpiringRequest) => ['license', 'expiring', req] as const,
};

/** The paying company's License history, newest first, with the balance after each change. */
export function useLedger(req: LedgerRequest) {
  return useQuery({ queryKey: licenseKeys.ledger(req), queryFn: () => api('POST /rrp/license/ledger/list', req), placeholderData: keepPreviousData });
}

/** Devices whose License ends within 30 days, soonest first. */
export function useExpiring(req: ExpiringRequest, enabled = true) {
  return useQuery({
    queryKey: licenseKeys.expiring(req),
    queryFn: () => api('POST /rrp/license/expiring/list', req),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Auto-renewal on or off for some devices, or for all: the License figures and the device pages read again. */
export function useAutoRenewBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoRenewBulk) => api('POST /rrp/license/autoRenew/update', body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: licenseKeys.all });
      void qc.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
}
