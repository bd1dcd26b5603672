import type { ApiFields } from '@rrp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FIRMWARE_KEY } from '../../features/firmware/api';
import { api, upload } from '../../lib/api';

export type PublishFields = ApiFields<'POST /ops/firmware/upload'>;

/** Publishes a firmware file (its errors are shown by the form, not the http client); the lists are read again. */
export function usePublishFirmware() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...fields }: PublishFields & { file: File }) => upload('POST /ops/firmware/upload', fields, { file }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: FIRMWARE_KEY }),
  });
}

/** Withdraws a firmware file; the lists are read again. */
export function useWithdrawFirmware(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST /ops/firmware/delete', { id }),
    onSuccess: () => {
      onDone();
      return client.invalidateQueries({ queryKey: FIRMWARE_KEY });
    },
  });
}
