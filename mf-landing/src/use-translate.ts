import { useTranslation } from '@reelkeep/shared-contracts/i18n-react';
import type { Translate } from '@reelkeep/shared-contracts';

/** The contract's `Translate` for a namespace, so page components and their head share copy builders. */
export function useTranslate(namespace: string): Translate {
  return useTranslation(namespace).t;
}
