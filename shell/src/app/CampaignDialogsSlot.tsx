import { useEffect, useState } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { isContractCompatible, toContainerName, type CampaignDialogsModule, type CampaignDialogsProps } from '@reelkeep/shared-contracts';
import { reportClientError } from '../monitoring/client-errors.ts';

/** Reads the default export of `mf_campaign/dialogs`: a module of another contract major, or of another shape, is refused. */
function acceptDialogsModule(exported: unknown): CampaignDialogsModule {
  const module = (exported as { default?: unknown } | null)?.default ?? exported;
  const candidate = module as Partial<CampaignDialogsModule> | null;
  if (!candidate || typeof candidate.contractVersion !== 'string' || !isContractCompatible(candidate.contractVersion)) {
    throw new Error(`mf-campaign dialogs built against contract ${String(candidate?.contractVersion)}`);
  }
  if (typeof candidate.CampaignDialogs !== 'function') throw new Error('mf-campaign dialogs export no CampaignDialogs component');
  return candidate as CampaignDialogsModule;
}

let loading: Promise<CampaignDialogsModule> | null = null;

/**
 * The campaign dialogs slot (docs/campaigns.md "Coupon modal and ads"): loads the campaign squad's dialogs from its
 * pinned remote and renders them for the current page. Rendered by the frame only once the page is hydrated and
 * the browser idle; when the remote cannot be loaded the page simply has no campaign dialogs (the failure is reported).
 */
export default function CampaignDialogsSlot(props: CampaignDialogsProps) {
  const [module, setModule] = useState<CampaignDialogsModule | null>(null);
  useEffect(() => {
    let cancelled = false;
    loading ??= loadRemote(`${toContainerName('mf-campaign')}/dialogs`).then(acceptDialogsModule);
    loading.then(
      (loaded) => !cancelled && setModule(loaded),
      (error: unknown) => reportClientError(error, { remote: 'mf-campaign', path: window.location.pathname }),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  if (!module) return null;
  const { CampaignDialogs } = module;
  return <CampaignDialogs {...props} />;
}
