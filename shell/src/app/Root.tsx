import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@reelkeep/shared-contracts/i18n-react';
import { useSelector } from 'react-redux';
import { PUSH_PROMPT_DELAY_MS, selectCampaignNavVisible } from '@reelkeep/shared-contracts';
import { ROUTE_BY_NAME } from '../routing/route-table.ts';
import { useNavigatorState } from '../routing/navigator.ts';
import { LazyAlertHost } from './dialogs/LazyAlertHost.tsx';
import { BackToTop } from './BackToTop.tsx';
import { Footer } from './Footer.tsx';
import { useFrameData } from './frame-data.ts';
import { Header } from './Header.tsx';
import { PageOutlet } from './PageOutlet.tsx';
import { PageHead } from './PageHead.tsx';
import { useClientNavigation } from './use-client-navigation.ts';
import { useInviteReport } from './use-invite-report.ts';
import { Tracking } from '../tracking/Tracking.tsx';
import './frame.css';

/** docs/campaigns.md "Campaign banner": the campaign banner is hidden on these routes. */
const ROUTES_WITHOUT_CAMPAIGN_BANNER = new Set(['checkout', 'event-center', 'sales-campaign', 'store']);

/** docs/push.md "Subscribing": the offer's code is fetched only when the push delay has passed after hydration. */
const PushPrompt = lazy(() => import('../webpush/PushPrompt.tsx'));

/** The frame around every page (clean, simple and reduced pages: docs/frame.md "Page frames"). */
export function Root() {
  const navigation = useNavigatorState();
  const { payload } = navigation;
  const { t } = useTranslation('common');
  const { siteUrl } = useFrameData();
  const campaignVisible = useSelector(selectCampaignNavVisible);
  useClientNavigation(navigation);
  useInviteReport();
  const route = payload.match?.route;
  const frame = route ? ROUTE_BY_NAME[route].frame : undefined;
  const clean = frame === 'clean';
  const [pushDue, setPushDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPushDue(true), PUSH_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="rk-app">
      <PageHead payload={payload} pathname={navigation.location.pathname} />
      <a className="rk-skip" href="#main">
        {t('nav.skip')}
      </a>
      {campaignVisible && !clean && !ROUTES_WITHOUT_CAMPAIGN_BANNER.has(route ?? '') && <div id="campaign-banner-slot" data-slot="campaign-banner" />}
      <Header clean={clean} reduced={frame === 'reduced'} />
      <main id="main" className="rk-main">
        <PageOutlet />
      </main>
      {!clean && frame !== 'simple' && <Footer reduced={frame === 'reduced'} siteUrl={siteUrl} />}
      <BackToTop />
      <LazyAlertHost />
      <Tracking />
      {pushDue && (
        <Suspense fallback={null}>
          <PushPrompt />
        </Suspense>
      )}
    </div>
  );
}
