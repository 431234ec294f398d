import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '@reelkeep/shared-contracts';
import { fixedTranslate } from '@reelkeep/shared-contracts/i18n';

/** The contract's `Translate` for a namespace, so page components and their head share copy builders. */
export function useTranslate(namespace: string): Translate {
  const { i18n } = useTranslation(namespace);
  return useMemo(() => fixedTranslate(i18n, namespace), [i18n, namespace]);
}
