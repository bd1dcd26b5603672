import { useQuery } from '@tanstack/react-query';
import { api, download } from '../../lib/api';

export const FIRMWARE_KEY = ['firmware'] as const;

/** Published firmware, for members (the help document) or the back office. */
export function useFirmwareList(scope: 'member' | 'ops', filter: { moduleModel?: string; keyword?: string } = {}) {
  return useQuery({
    queryKey: [...FIRMWARE_KEY, scope, filter],
    queryFn: () => (scope === 'ops' ? api('POST /ops/firmware/list', filter) : api('POST /rrp/firmware/list', filter)),
  });
}

/** Downloads a firmware file under its own name (the server counts the download). */
export const downloadFirmware = (id: string, fileName: string) => download('GET /rrp/firmware/download', { query: { id }, fallbackName: fileName });
