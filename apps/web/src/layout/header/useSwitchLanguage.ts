import type { Locale } from '@rrp/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { switchLanguage } from '../../i18n/switchLanguage';

/** Switches the console's language, then reads server texts (role names, messages) again in it. */
export function useSwitchLanguage(): (lng: Locale) => void {
  const queryClient = useQueryClient();
  return useCallback((lng: Locale) => void switchLanguage(lng).then(() => queryClient.invalidateQueries()), [queryClient]);
}
