import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { SharedState } from '@reelkeep/shared-contracts';
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
import { campaignNavSlice } from '../store/shared-slices.ts';
import { whenIdle } from '../when-idle.ts';
import type { CampaignBannerController } from './campaign-banner-controller.ts';
import './frame.css';

/** The frame around every page (spec §2 visibility rules: clean, simple and reduced pages). */
export function Root() {
  const navigation = useNavigatorState();
  const { payload } = navigation;
  const { siteUrl, campaign } = useFrameData();
  const prefix = useSelector((state: SharedState) => state.locale.prefix);
  const dispatch = useDispatch();
  const campaignBanner = useRef<Promise<CampaignBannerController> | null>(null);
  useClientNavigation(navigation);
  useInviteReport();
  const route = payload.match?.route;
  const frame = route ? ROUTE_BY_NAME[route].frame : undefined;
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
      <Tracking />
    </div>
  );
}
