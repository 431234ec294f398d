import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import {
  onSiteEvent,
  promptClosed,
  promptOffered,
  promptWithdrawn,
  selectAbValues,
  selectLocale,
  selectPromptOnScreen,
  type SharedState,
} from '@reelkeep/shared-contracts';
import { useNavigatorState } from '../routing/navigator.ts';
import type { Tracker } from './tracker.ts';
import { afterTheStart } from '../after-the-start.ts';
import { createPageViews, type PageViews } from './page-views.ts';
import { readBrowserEnvironment } from './tracker-environment.ts';

const ConsentBanner = lazy(() => import('./ConsentBanner.tsx').then((module) => ({ default: module.ConsentBanner })));

/** docs/tracking.md "Envelope": `#dev=1` in the address sends plain data. */
const isDevMode = () => /(^|[#&])dev=1(&|$)/.test(window.location.hash);

/**
 * The shell's tracking (ARCHITECTURE: the shell owns the tracking SDK): sends a page view per page on screen from the
 * first load on (`page-views.ts`, docs/tracking.md "Page views"), loads the SDK once the start of the page is over
 * (docs/routing.md "After the start": the first use of the page, or a quiet moment after its load), and asks for
 * consent until the visitor answers (never under Global Privacy Control, which is a standing refusal).
 */
export function Tracking() {
  const locale = useSelector(selectLocale);
  const { location } = useNavigatorState();
  const [tracker, setTracker] = useState<Tracker | null>(null);
  const [answered, setAnswered] = useState(false);
  const [reopened, setReopened] = useState(false);
  const dispatch = useDispatch();
  const onScreen = useSelector(selectPromptOnScreen) === 'consent-card';
  const store = useStore<SharedState>();
  const pageViews = useRef<PageViews | null>(null);
  // "Cookie settings" clicked before the tracker arrived: its arrival must not withdraw the card the visitor asked for.
  const askedByVisitor = useRef(false);
  // Made in the browser only (effects do not run on the server), once per document.
  const countPageViews = () =>
    (pageViews.current ??= createPageViews({
      locale,
      devMode: isDevMode(),
      readAbValues: () => selectAbValues(store.getState()),
      env: readBrowserEnvironment(),
    }));

  useEffect(() => {
    let stop: (() => void) | undefined;
    const cancel = afterTheStart(() => {
      void import('./tracker.ts')
        .then(({ createTracker }) => {
          const created = createTracker({ locale, devMode: isDevMode(), pageViews: countPageViews() });
          stop = created.start();
          // docs/tracking.md "Loading": the page says the tracker is listening (what a journey waits for).
          document.documentElement.dataset.tracker = 'ready';
          setTracker(created);
          // docs/frame.md "Prompts": the consent card is first in the frame's queue, and shows as soon as it may.
          if (created.consent() === 'unknown') dispatch(promptOffered('consent-card', 0));
          else if (!askedByVisitor.current) dispatch(promptWithdrawn('consent-card'));
        })
        .catch(() => dispatch(promptWithdrawn('consent-card')));
    });
    return () => {
      cancel();
      stop?.();
    };
    // The locale of a document never changes (a change of language is a full page load): this runs once.
  }, [locale]);

  // Each page on screen counts at once, before the tracker is there: a visit that ends within the start counts too.
  // The tracker, once in, takes the page views over and does its own work for each.
  useEffect(() => {
    countPageViews().pageView();
  }, [location.key]);

  // "Cookie settings" in the footer asks again, whatever was answered before.
  useEffect(
    () =>
      onSiteEvent('consentRequested', () => {
        askedByVisitor.current = true;
        setAnswered(false);
        setReopened(true);
        // The visitor asked: the card shows at once, whatever else is on screen.
        dispatch(promptOffered('consent-card', 0, { byVisitor: true }));
      }),
    [dispatch],
  );

  if (!tracker || !onScreen || answered || (!reopened && tracker.consent() !== 'unknown')) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner
        onAnswer={(state) => {
          askedByVisitor.current = false;
          tracker.setConsent(state);
          setAnswered(true);
          setReopened(false);
          dispatch(promptClosed('consent-card'));
        }}
      />
    </Suspense>
  );
}
