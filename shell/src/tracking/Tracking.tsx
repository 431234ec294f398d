import { lazy, Suspense, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { onSiteEvent, promptClosed, promptOffered, promptWithdrawn, selectLocale, selectPromptOnScreen } from '@reelkeep/shared-contracts';
import { useNavigatorState } from '../routing/navigator.ts';
import type { Tracker } from './tracker.ts';
import { afterTheStart } from '../after-the-start.ts';

const ConsentBanner = lazy(() => import('./ConsentBanner.tsx').then((module) => ({ default: module.ConsentBanner })));

/**
 * The shell's tracking (ARCHITECTURE: the shell owns the tracking SDK): loads the SDK once the start of the page is
 * over (docs/routing.md "After the start": the first use of the page, or a quiet moment after its load),
 * sends a page view per page on screen, and asks for consent until the visitor answers (never under
 * Global Privacy Control, which is a standing refusal).
 */
export function Tracking() {
  const locale = useSelector(selectLocale);
  const { location } = useNavigatorState();
  const [tracker, setTracker] = useState<Tracker | null>(null);
  const [answered, setAnswered] = useState(false);
  const [reopened, setReopened] = useState(false);
  const dispatch = useDispatch();
  const onScreen = useSelector(selectPromptOnScreen) === 'consent-card';

  useEffect(() => {
    let stop: (() => void) | undefined;
    const cancel = afterTheStart(() => {
      void import('./tracker.ts')
        .then(({ createTracker }) => {
          const created = createTracker({ locale, devMode: /(^|[#&])dev=1(&|$)/.test(window.location.hash) });
          stop = created.start();
          setTracker(created);
          // docs/frame.md "Prompts": the consent card is first in the frame's queue, and shows as soon as it may.
          dispatch(created.consent() === 'unknown' ? promptOffered('consent-card', 0) : promptWithdrawn('consent-card'));
        })
        .catch(() => dispatch(promptWithdrawn('consent-card')));
    });
    return () => {
      cancel();
      stop?.();
    };
    // The locale of a document never changes (a change of language is a full page load): this runs once.
  }, [locale]);

  useEffect(() => {
    tracker?.pageView();
  }, [tracker, location.key]);

  // "Cookie settings" in the footer asks again, whatever was answered before.
  useEffect(
    () =>
      onSiteEvent('consentRequested', () => {
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
          tracker.setConsent(state);
          setAnswered(true);
          setReopened(false);
          dispatch(promptClosed('consent-card'));
        }}
      />
    </Suspense>
  );
}
