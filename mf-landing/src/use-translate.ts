import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '@reelkeep/shared-contracts';

/** The contract's `Translate` for a namespace, so page components and their head share copy builders. */
export function useTranslate(namespace: string): Translate {
  const { t } = useTranslation(namespace);
  return useCallback((key: string, options?: Record<string, unknown>) => t(key, options ?? {}), [t]);
}
