import { useEffect, useState } from 'react';
// The runtime package itself (not `enhanced/runtime`'s re-export, which the first-load bundle inlines): importing
// it here costs the first load nothing (docs/campaigns.md "How the dialogs load").
import { loadRemote } from '@module-federation/runtime';
import { useDispatch } from 'react-redux';
import { promptWithdrawn, toContainerName, type CampaignDialogsModule, type CampaignDialogsProps } from '@reelkeep/shared-contracts';

/**
 * Reads the default export of `mf_campaign/dialogs`. The pinned campaign version already passed the shell's
 * contract check on the server (at promotion and at load), so only the shape is checked here.
 */
function acceptDialogsModule(exported: unknown): CampaignDialogsModule {
  const module = ((exported as { default?: unknown } | null)?.default ?? exported) as Partial<CampaignDialogsModule> | null;
  if (typeof module?.CampaignDialogs !== 'function' || typeof module.contractVersion !== 'string') {
    throw new Error('mf-campaign exposes no campaign dialogs module');
  }
  return module as CampaignDialogsModule;
}

let loading: Promise<CampaignDialogsModule> | null = null;

/**
 * The campaign dialogs slot (docs/campaigns.md "How the dialogs load"): loads the campaign squad's dialogs from its
 * pinned remote and renders them for the current page. Rendered by the frame only once the page is hydrated and
 * the browser idle. When the remote cannot be loaded the page has no campaign dialogs, and the rejection reaches
 * the client error report through the page's unhandled-rejection handler.
 */
export default function CampaignDialogsSlot(props: CampaignDialogsProps) {
  const [module, setModule] = useState<CampaignDialogsModule | null>(null);
  const dispatch = useDispatch();
  useEffect(() => {
    let cancelled = false;
    // Dialogs that cannot load give their turns so the push offer is not kept waiting. (Every campaign release of
    // contract major 4 takes turns in the queue: the check for dialogs older than 3.2 went with the major, which
    // had read 4.1 as "before 3.2" and given every turn away.)
    const giveTurns = () => {
      dispatch(promptWithdrawn('campaign-modal'));
      dispatch(promptWithdrawn('bottom-ad'));
    };
    loading ??= loadRemote(`${toContainerName('mf-campaign')}/dialogs`).then(acceptDialogsModule);
    loading.catch(giveTurns);
    void loading.then((loaded) => {
      if (!cancelled) setModule(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  if (!module) return null;
  const { CampaignDialogs } = module;
  return <CampaignDialogs {...props} />;
}
