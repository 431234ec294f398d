import type { ReactNode } from 'react';
import { Dialog } from '@reelkeep/shared-contracts/ui';
import * as styles from './CampaignDialogs.module.css';

const CAMPAIGN_DIALOG_CLASSES = { backdrop: styles.backdrop!, panel: styles.panel!, close: styles.close! };
/** The prompt queue knows a campaign modal on screen by this attribute. */
const CAMPAIGN_PANEL_DATA = { 'data-prompt': 'campaign-modal' } as const;

/** A modal of the campaign dialogs: the site's `Dialog` in the campaign's look (docs/campaigns.md). */
export function CampaignDialog({
  labelledBy,
  onClose,
  className,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog labelledBy={labelledBy} onClose={onClose} classes={CAMPAIGN_DIALOG_CLASSES} className={className} panelData={CAMPAIGN_PANEL_DATA}>
      {children}
    </Dialog>
  );
}
