import { lazy, Suspense } from 'react';
import { waitForPageLoad } from '@reelkeep/shared-contracts';
import * as styles from './CampaignShare.module.css';

// docs/sharing.md "The toolbar": its code comes after the page has loaded; its links are in the HTML from the start.
const ShareToolbar = lazy(() =>
  waitForPageLoad()
    .then(() => import('@reelkeep/shared-contracts/share'))
    .then((module) => ({ default: module.ShareToolbar })),
);

/** The share toolbar at the end of a campaign page: the page's canonical URL and title. */
export function CampaignShare() {
  return (
    <div className={styles.share}>
      <Suspense fallback={null}>
        <ShareToolbar />
      </Suspense>
    </div>
  );
}
