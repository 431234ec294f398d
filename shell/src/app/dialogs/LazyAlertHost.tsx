import { lazy, Suspense, useEffect, useState } from 'react';
import { emitSiteEvent, onSiteEvent, type SiteEvents } from '@reelkeep/shared-contracts';

const AlertHost = lazy(() => import('./AlertHost.tsx').then((module) => ({ default: module.AlertHost })));

/**
 * Loads the dialog code on the first `toastRequested` event only (most pages never open one), then
 * hands that first request to it.
 */
export function LazyAlertHost() {
  const [first, setFirst] = useState<SiteEvents['toastRequested'] | null>(null);
  useEffect(() => {
    if (first) return;
    return onSiteEvent('toastRequested', (detail) => setFirst(detail));
  }, [first]);
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <AlertHost onReady={() => emitSiteEvent('toastRequested', first)} />
    </Suspense>
  );
}
