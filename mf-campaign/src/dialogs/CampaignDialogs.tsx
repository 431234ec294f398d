import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@reelkeep/shared-contracts/i18n-react';
import {
  currentCampaignsAnswerSchema,
  emitSiteEvent,
  onSiteEvent,
  POPUP_DATED_COOKIE,
  readCookie,
  readJsonResponse,
  type CampaignCouponDto,
  type CampaignDialogsProps,
  type CampaignDto,
  type Translator,
} from '@reelkeep/shared-contracts';
import {
  AD_CLOSE_AFTER_CLICK_MS,
  areAdsAllowed,
  chooseAutoShownDialog,
  COUPON_MODAL_SESSION_FLAG,
  isBottomAdShown,
  type CampaignWindow,
} from '../campaign-rules.ts';
import { BottomAd } from './BottomAd.tsx';
import { CouponModal } from './CouponModal.tsx';
import { IMAGE_AD_SOURCE_KEY, isDesktopViewport, msUntilAutoShow, pickModalCoupons, toAdHref } from './dialog-rules.ts';
import { ImageAd } from './ImageAd.tsx';

const LINK_PARAMETERS = ['start_time', 'ac_endtime', 'ac_source'] as const;

/** Session storage that never throws (a browser in private mode may refuse it): a refused read counts as unset. */
const session = {
  read(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  write(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // storage refused: the dialog may show again this session, nothing worse
    }
  },
};

/** Loads the `campaign` texts into the page's translator when the page did not bring them. */
async function loadCampaignTexts(translator: Translator, locale: string): Promise<void> {
  if (translator.hasNamespace('campaign')) return;
  const [response, { namespaceResourcesSchema }] = await Promise.all([
    fetch(`/locales/${locale}/campaign.json`),
    import('@reelkeep/shared-contracts/answers'),
  ]);
  const texts = await readJsonResponse(namespaceResourcesSchema, response);
  if (texts) translator.addNamespaces({ campaign: texts });
}

/** The running campaign with its coupons and bottom ad, for the link's preview and personal deadline. */
async function fetchCampaign(search: string): Promise<CampaignDto | null> {
  const link = new URLSearchParams(search);
  const query = new URLSearchParams();
  for (const name of LINK_PARAMETERS) {
    const value = link.get(name);
    if (value) query.set(name, value);
  }
  const answer = await readJsonResponse(currentCampaignsAnswerSchema, await fetch(`/api/campaign/current?${query}`).catch(() => null));
  return answer?.campaign ?? null;
}

/** Which auto-shown or requested dialog is open. */
type OpenDialog = 'coupon-modal' | 'image-ad' | null;
/** The bottom ad's life on this page: not yet shown, on screen, or done (closed, clicked, or shown before this session). */
type BottomAdState = 'waiting' | 'shown' | 'done';

/**
 * The campaign squad's dialogs in the frame (docs/campaigns.md "Coupon modal and ads"): the coupon modal (auto-shown
 * 5 s after load, or asked for by the banner on the store page), the image ad for a campaign that is not important,
 * and the bottom-left ad once per session. Rendered by the shell after hydration, when the browser is idle.
 */
export function CampaignDialogs({ campaign, route, prefix, locale, search }: CampaignDialogsProps) {
  const { i18n } = useTranslation('campaign');
  const [firstSearch] = useState(search);
  const [details, setDetails] = useState<CampaignDto | null>(null);
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState<OpenDialog>(null);
  const [requested, setRequested] = useState(false);
  const [bottomAd, setBottomAd] = useState<BottomAdState>('waiting');
  const routeNow = useRef(route);
  routeNow.current = route;
  const rulesView: CampaignWindow = {
    id: campaign.id,
    route: campaign.route,
    startsAt: 0,
    endsAt: campaign.endsAt,
    isImportant: campaign.isImportant,
    noNavRoutes: campaign.bannerHiddenOn,
    noAdRoutes: campaign.adsHiddenOn,
  };
  const rules = useRef(rulesView);
  rules.current = rulesView;
  const coupons: CampaignCouponDto[] = details ? pickModalCoupons(details.coupons) : [];
  const hasCoupons = coupons.length > 0;

  useEffect(() => {
    let cancelled = false;
    void Promise.all([loadCampaignTexts(i18n, locale), fetchCampaign(firstSearch)])
      .then(([, found]) => {
        if (cancelled) return;
        setDetails(found && found.id === campaign.id ? found : null);
        setReady(true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [i18n, locale, firstSearch, campaign.id]);

  useEffect(() => {
    // Tells journeys and monitoring that the campaign dialogs have taken over, as `data-hydrated` does for the page.
    if (ready) document.documentElement.dataset.campaignDialogs = 'ready';
  }, [ready]);

  useEffect(() => onSiteEvent('couponModalRequested', () => setRequested(true)), []);
  useEffect(() => {
    if (!ready || !requested) return;
    setRequested(false);
    if (hasCoupons) setOpen('coupon-modal');
  }, [ready, requested, hasCoupons]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      const choice = chooseAutoShownDialog({
        campaign: rules.current,
        route: routeNow.current,
        isDesktop: isDesktopViewport(window.innerWidth),
        referrer: document.referrer,
        siteHost: window.location.host,
        // docs/tracking.md "Visitor cookies": a popup shown in the last day (`is_popup_dated`) does not come again by itself.
        closedThisSession: session.read(COUPON_MODAL_SESSION_FLAG) === '1' || readCookie(document.cookie, POPUP_DATED_COOKIE) === '1',
      });
      if (choice === 'coupon-modal' && !hasCoupons) return;
      if (choice) setOpen((current) => current ?? choice);
    }, msUntilAutoShow(performance.now()));
    return () => clearTimeout(timer);
  }, [ready, hasCoupons]);

  // The shell dates the popups and counts them in the guest record (docs/tracking.md "Visitor cookies").
  useEffect(() => {
    if (open) emitSiteEvent('popupShown', { kind: open });
  }, [open]);

  const ad = details?.bottomAd ?? null;
  useEffect(() => {
    if (!ready || !ad || bottomAd !== 'waiting') return;
    const shownBefore = session.read(ad.storageKey) === '1';
    if (isBottomAdShown({ ...rules.current, hasBottomAd: true }, route, isDesktopViewport(window.innerWidth), shownBefore)) {
      // docs/campaigns.md "Coupon modal and ads": once per session, so a reload or the next page does not bring it back.
      session.write(ad.storageKey, '1');
      setBottomAd('shown');
    }
  }, [ready, ad, bottomAd, route]);

  const closeDialog = useCallback(() => {
    session.write(COUPON_MODAL_SESSION_FLAG, '1');
    setOpen(null);
  }, []);
  const closeImageAd = useCallback(() => {
    closeDialog();
    emitSiteEvent('trackRequested', { event: 'custom', event_category: 'campaign', event_label: 'image_ad_close', event_target: campaign.id });
  }, [closeDialog, campaign.id]);
  const followImageAd = useCallback(() => {
    session.write(IMAGE_AD_SOURCE_KEY, `image_ad_${campaign.id}`);
    // A modal left over the next page would hide it: the image ad closes at once (docs/campaigns.md "Coupon modal and ads").
    setTimeout(closeDialog, 0);
  }, [closeDialog, campaign.id]);
  const closeBottomAd = useCallback(() => {
    if (ad) session.write(ad.storageKey, '1');
    setBottomAd('done');
  }, [ad]);
  const followBottomAd = useCallback(() => {
    if (!ad) return;
    session.write(ad.sourceKey, ad.sourceValue);
    setTimeout(closeBottomAd, AD_CLOSE_AFTER_CLICK_MS);
  }, [ad, closeBottomAd]);

  if (!ready) return null;
  const adsHere = areAdsAllowed(rulesView, route);
  return (
    <>
      {open === 'coupon-modal' && hasCoupons && (
        <CouponModal campaign={campaign} coupons={coupons} route={route} prefix={prefix} locale={locale} onClose={closeDialog} />
      )}
      {open === 'image-ad' && adsHere && (
        <ImageAd
          name={campaign.name}
          line={campaign.title}
          image={details?.images.bgEvent ?? campaign.background}
          href={toAdHref(campaign.route, prefix)}
          onClose={closeImageAd}
          onLinkClick={followImageAd}
        />
      )}
      {bottomAd === 'shown' && ad && adsHere && (
        <BottomAd
          name={campaign.name}
          background={ad.background}
          textImage={ad.textImage}
          href={toAdHref(ad.href, prefix)}
          onClose={closeBottomAd}
          onLinkClick={followBottomAd}
        />
      )}
    </>
  );
}
