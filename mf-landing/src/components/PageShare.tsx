import { lazy, Suspense } from 'react';
import { DS, waitForPageLoad } from '@reelkeep/shared-contracts';
import * as styles from './PageShare.module.css';

// docs/sharing.md: the toolbar's code comes after the page has loaded; its links are in the HTML from the start.
const ShareToolbar = lazy(() =>
  waitForPageLoad()
    .then(() => import('@reelkeep/shared-contracts/share'))
    .then((module) => ({ default: module.ShareToolbar })),
);

/** The share toolbar at the end of a landing page. */
export function PageShare({ title }: { title?: string }) {
  return (
    <div className={`${DS.container} ${styles.section}`}>
      <Suspense fallback={null}>
        <ShareToolbar {...(title ? { title } : {})} />
      </Suspense>
    </div>
  );
}
