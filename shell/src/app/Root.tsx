import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { promptWithdrawn, selectLocale, selectLocalePrefix, type PromptId } from '@reelkeep/shared-contracts';
import { ROUTE_OWNERS } from '../routing/route-owners.ts';
import { useNavigatorState } from '../routing/navigator.ts';
import { LazyAlertHost } from './dialogs/LazyAlertHost.tsx';
import { BackToTop as BackToTopNow } from './BackToTop.tsx';
import { Footer as FooterNow } from './Footer.tsx';
// The deferred regions' styles stay in the frame's stylesheet, in this order: their HTML is on screen from the start.
import './BackToTop.module.css';
import './LanguagePicker.module.css';
import './NewsletterBox.module.css';
import './Footer.module.css';
import { hydrateAfterThePage } from './hydrate-after-the-page.tsx';
import { useFrameData } from './frame-data.ts';
import { Header } from './Header.tsx';
import { PageOutlet } from './PageOutlet.tsx';
import { PageHead } from './PageHead.tsx';
import { useClientNavigation } from './use-client-navigation.ts';
import { useInviteReport } from './use-invite-report.ts';
import { Tracking } from '../tracking/Tracking.tsx';
// The frame's global stylesheets, in this order (docs/frame.md "Layout tokens"): tokens and base rules first.
import './frame.css';
import './design-system.css';
import './form-kit.css';
import './share-toolbar.css';
import './campaign-banner.css';
import { campaignNavSlice } from '../store/shared-slices.ts';
import { whenIdle } from '../when-idle.ts';
import { afterTheStart } from '../after-the-start.ts';
import type { CampaignBannerController } from './campaign-banner-controller.ts';
import { PromptQueue } from '../prompts/PromptQueue.tsx';

/*
 * Regions the page does not need to start (docs/routing.md "Starting in the browser"): the server (and a test) renders
 * them with the page; the browser build leaves their HTML until their code has loaded after hydration. The test of
 * `__SERVER__` is written out each time so the bundler drops the static import from the browser build.
 */
const Footer = hydrateAfterThePage(typeof __SERVER__ === 'undefined' || __SERVER__ ? FooterNow : null, () =>
  import('./Footer.tsx').then((module) => module.Footer),
);
const BackToTop = hydrateAfterThePage(typeof __SERVER__ === 'undefined' || __SERVER__ ? BackToTopNow : null, () =>
  import('./BackToTop.tsx').then((module) => module.BackToTop),
);

/**
 * A prompt owner whose code could not be loaded (offline at the visitor's first tap, a deleted release) gives its
 * prompts' turns in the queue (docs/frame.md "Prompts"), like dialogs that cannot load: the page stays as it is.
 */
function turnsGiven(...prompts: PromptId[]) {
  return {
    default: function PromptsUnavailable() {
      const dispatch = useDispatch();
      useEffect(() => {
        for (const prompt of prompts) dispatch(promptWithdrawn(prompt));
      }, [dispatch]);
      return null;
    },
  };
}

/** docs/push.md "Subscribing": the offer's code is fetched once the start of the page is over; the queue says when it shows. */
const PushPrompt = lazy(() => import('../webpush/PushPrompt.tsx').catch(() => turnsGiven('push-offer')));
/** docs/campaigns.md "Coupon modal and ads": the campaign squad's dialogs load once the start of the page is over. */
const CampaignDialogsSlot = lazy(() => import('./CampaignDialogsSlot.tsx').catch(() => turnsGiven('campaign-modal', 'bottom-ad')));

/**
 * Renders its children once `schedule` says they are due (the prompts' owners of docs/frame.md "Prompts": once the
 * start of the page is over, docs/routing.md "After the start"). The state is its own, so the frame around it does
 * not render again when they become due (that render of the whole page was the longest task after hydration).
 */
function WhenDue({ schedule, children }: { schedule: (due: () => void) => () => void; children: ReactNode }) {
  const [due, setDue] = useState(false);
  useEffect(() => schedule(() => setDue(true)), [schedule]);
  return due ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The frame around every page (clean, simple and reduced pages: docs/frame.md "Page frames"). */
export function Root() {
  const navigation = useNavigatorState();
  const { payload } = navigation;
  const { siteUrl, campaign } = useFrameData();
  const prefix = useSelector(selectLocalePrefix);
  const locale = useSelector(selectLocale);
  const dispatch = useDispatch();
  const campaignBanner = useRef<Promise<CampaignBannerController> | null>(null);
  useClientNavigation(navigation);
  useInviteReport();
  const route = payload.match?.route;
  const frame = route ? ROUTE_OWNERS[route].frame : undefined;
  const clean = frame === 'clean';
  // docs/campaigns.md "In the frame": the server wrote the banner above the app; its buttons load when the browser is idle.
  useEffect(() => {
    const element = document.getElementById('rk-campaign-banner');
    if (!campaign || !element) return;
    campaignBanner.current ??= new Promise<void>((resolve) => whenIdle(resolve, 2000)).then(() =>
      import('./campaign-banner-controller.ts').then((module) =>
        module.startCampaignBanner(element, campaign, () => dispatch(campaignNavSlice.actions.campaignNavToggled(false))),
      ),
    );
    void campaignBanner.current.then((controller) => controller.update(route, prefix, clean));
  }, [campaign, route, prefix, clean, dispatch]);
  return (
    <div className="rk-app">
      <PageHead payload={payload} pathname={navigation.location.pathname} />
      <Header clean={clean} reduced={frame === 'reduced'} />
      <main id="main" className="rk-main">
        <PageOutlet />
      </main>
      {!clean && frame !== 'simple' && <Footer reduced={frame === 'reduced'} siteUrl={siteUrl} />}
      <BackToTop />
      <LazyAlertHost />
      <PromptQueue hasCampaign={Boolean(campaign)} />
      <Tracking />
      {campaign && (
        <WhenDue schedule={afterTheStart}>
          <CampaignDialogsSlot campaign={campaign} route={route} prefix={prefix} locale={locale} search={navigation.location.search} />
        </WhenDue>
      )}
      <WhenDue schedule={afterTheStart}>
        <PushPrompt />
      </WhenDue>
    </div>
  );
}
