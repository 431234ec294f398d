import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import {
  currentCampaignsAnswerSchema,
  emitSiteEvent,
  onSiteEvent,
  promptClosed,
  promptOffered,
  promptWithdrawn,
  POPUP_DATED_COOKIE,
  readCookie,
  readJsonResponse,
  selectPromptOnScreen,
  type CampaignCouponDto,
  type CampaignDialogsProps,
  type CampaignDto,
} from '@reelkeep/shared-contracts';
import type { I18n } from '@reelkeep/shared-contracts/i18n';
import {
  AD_CLOSE_AFTER_CLICK_MS,
  areAdsAllowed,
  chooseAutoShownDialog,
  COUPON_MODAL_DELAY_MS,
  COUPON_MODAL_SESSION_FLAG,
  isBottomAdShown,
  pickShownCoupons,
  type CampaignWindow,
} from '../campaign-rules.ts';
import { BottomAd } from './BottomAd.tsx';
import { CouponModal } from './CouponModal.tsx';
import { describeImageAdStorage, isDesktopViewport, isFollowedImageAdVisible, toAdHref, toAutoShownClosedKey } from './dialog-rules.ts';
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

/** Loads the `campaign` texts through the page's i18next backend when the page did not bring them. */
async function loadCampaignTexts(i18n: I18n): Promise<void> {
  await i18n.loadNamespaces('campaign').catch(() => undefined);
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

/** Which dialog the campaign's turn in the frame's queue shows. */
type CampaignModalKind = 'coupon-modal' | 'image-ad';
/** The bottom ad's life on this page: offered to the queue, on screen, or done (closed, clicked, or not for this page). */
type BottomAdState = 'offered' | 'shown' | 'done';

/**
 * The campaign squad's dialogs in the frame (docs/campaigns.md "Coupon modal and ads"): the coupon modal (auto-shown
 * 5 s after the screen is free, or asked for by the banner on the store page), the image ad for a campaign that is
 * not important, and the bottom-left ad once per session. They take their turns in the frame's prompt queue
 * (docs/frame.md "Prompts"): offered to it when the page may show them, drawn only while the queue says so. Rendered
 * by the shell after hydration, when the browser is idle.
 */
export function CampaignDialogs({ campaign, route, prefix, locale, search }: CampaignDialogsProps) {
  const { i18n } = useTranslation('campaign');
  const dispatch = useDispatch();
  const onScreen = useSelector(selectPromptOnScreen);
  const [firstSearch] = useState(search);
  const [details, setDetails] = useState<CampaignDto | null>(null);
  const [ready, setReady] = useState(false);
  const [autoKind, setAutoKind] = useState<CampaignModalKind | null>(null);
  const [askedKind, setAskedKind] = useState<CampaignModalKind | null>(null);
  const [requested, setRequested] = useState(false);
  const [bottomAd, setBottomAd] = useState<BottomAdState>('done');
  const [imageAdFollowedOn, setImageAdFollowedOn] = useState<string | null>(null);
  const page = `${prefix}|${route ?? ''}|${search}`;
  const pageNow = useRef(page);
  pageNow.current = page;
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
  const coupons: CampaignCouponDto[] = details ? pickShownCoupons(details.coupons) : [];
  const hasCoupons = coupons.length > 0;
  const imageAdStorage = describeImageAdStorage(campaign.id);
  const adsHere = areAdsAllowed(rulesView, route);
  const ad = details?.bottomAd ?? null;

  useEffect(() => {
    let cancelled = false;
    void Promise.all([loadCampaignTexts(i18n), fetchCampaign(firstSearch)])
      .then(([, found]) => {
        if (cancelled) return;
        setDetails(found && found.id === campaign.id ? found : null);
        setReady(true);
      })
      .catch(() => {
        dispatch(promptWithdrawn('campaign-modal'));
        dispatch(promptWithdrawn('bottom-ad'));
      });
    return () => {
      cancelled = true;
    };
  }, [i18n, locale, firstSearch, campaign.id, dispatch]);

  useEffect(() => {
    // Tells journeys and monitoring that the campaign dialogs have taken over, as `data-hydrated` does for the page.
    if (ready) document.documentElement.dataset.campaignDialogs = 'ready';
  }, [ready]);

  // Once ready, on the page the visitor arrived on: offer this page's turns to the queue, or give them up.
  useEffect(() => {
    if (!ready) return;
    const isDesktop = isDesktopViewport(window.innerWidth);
    const choice = chooseAutoShownDialog({
      campaign: rules.current,
      route,
      isDesktop,
      referrer: document.referrer,
      siteHost: window.location.host,
      // docs/tracking.md "Visitor cookies": a popup shown in the last day (`is_popup_dated`) does not come again by itself.
      closedThisSession:
        session.read(toAutoShownClosedKey(rules.current, COUPON_MODAL_SESSION_FLAG)) === '1' ||
        readCookie(document.cookie, POPUP_DATED_COOKIE) === '1',
    });
    const kind = choice === 'coupon-modal' && !hasCoupons ? null : choice;
    setAutoKind(kind);
    dispatch(kind ? promptOffered('campaign-modal', COUPON_MODAL_DELAY_MS) : promptWithdrawn('campaign-modal'));
    const bottomAdDue =
      ad !== null && isBottomAdShown({ ...rules.current, hasBottomAd: true }, route, isDesktop, session.read(ad.storageKey) === '1');
    setBottomAd(bottomAdDue ? 'offered' : 'done');
    dispatch(bottomAdDue ? promptOffered('bottom-ad', 0) : promptWithdrawn('bottom-ad'));
    // Decided once, for the page of arrival; a client navigation keeps the decision (docs/frame.md "Prompts").
  }, [ready]);

  useEffect(() => onSiteEvent('couponModalRequested', () => setRequested(true)), []);
  useEffect(() => {
    if (!ready || !requested) return;
    setRequested(false);
    if (!hasCoupons) return;
    // The visitor asked (the banner on the store page): it shows at once, whatever the session flag says.
    setAskedKind('coupon-modal');
    dispatch(promptOffered('campaign-modal', 0, { byVisitor: true }));
  }, [ready, requested, hasCoupons, dispatch]);

  const kind = askedKind ?? autoKind;
  const modalTurn = onScreen === 'campaign-modal';
  const popupOnScreen = modalTurn ? kind : null;
  // The shell dates the popups and counts them in the guest record (docs/tracking.md "Visitor cookies").
  useEffect(() => {
    if (popupOnScreen) emitSiteEvent('popupShown', { kind: popupOnScreen });
  }, [popupOnScreen]);
  const bottomAdTurn = onScreen === 'bottom-ad';
  // A turn that comes on a page without ads (the visitor went on before it came) is given up, not kept for later.
  useEffect(() => {
    if (modalTurn && !askedKind && !adsHere) dispatch(promptWithdrawn('campaign-modal'));
    if (bottomAdTurn && bottomAd === 'offered' && !adsHere) {
      setBottomAd('done');
      dispatch(promptWithdrawn('bottom-ad'));
    }
  }, [modalTurn, bottomAdTurn, askedKind, adsHere, bottomAd, dispatch]);

  useEffect(() => {
    if (!bottomAdTurn || bottomAd !== 'offered' || !ad) return;
    // docs/campaigns.md "Coupon modal and ads": once per session, so a reload or the next page does not bring it back.
    session.write(ad.storageKey, '1');
    setBottomAd('shown');
  }, [bottomAdTurn, bottomAd, ad]);

  const endModalTurn = useCallback(() => {
    setAskedKind(null);
    setAutoKind(null);
    dispatch(promptClosed('campaign-modal'));
  }, [dispatch]);
  const closeCouponModal = useCallback(() => {
    session.write(COUPON_MODAL_SESSION_FLAG, '1');
    endModalTurn();
  }, [endModalTurn]);
  const closeImageAd = useCallback(() => {
    session.write(imageAdStorage.storageKey, '1');
    endModalTurn();
    emitSiteEvent('trackRequested', { event: 'custom', event_category: 'campaign', event_label: 'image_ad_close', event_target: campaign.id });
  }, [endModalTurn, imageAdStorage.storageKey, campaign.id]);
  const imageAdTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const followImageAd = useCallback(() => {
    if (imageAdTimer.current) return;
    const { storageKey, sourceType } = imageAdStorage;
    session.write(sourceType.key, sourceType.value);
    // The spec's 3 s: the ad stays on the page it was clicked on (a link opened in another tab, a slow next page) and
    // closes 3 s later; the next page never shows it (docs/campaigns.md "Coupon modal and ads").
    setImageAdFollowedOn(pageNow.current);
    const markClosed = () => session.write(storageKey, '1');
    window.addEventListener('pagehide', markClosed, { once: true });
    imageAdTimer.current = setTimeout(() => {
      window.removeEventListener('pagehide', markClosed);
      markClosed();
      setImageAdFollowedOn(null);
      imageAdTimer.current = null;
      endModalTurn();
    }, AD_CLOSE_AFTER_CLICK_MS);
  }, [imageAdStorage, endModalTurn]);
  const closeBottomAd = useCallback(() => {
    if (ad) session.write(ad.storageKey, '1');
    setBottomAd('done');
    dispatch(promptClosed('bottom-ad'));
  }, [ad, dispatch]);
  const followBottomAd = useCallback(() => {
    if (!ad) return;
    session.write(ad.sourceKey, ad.sourceValue);
    setTimeout(closeBottomAd, AD_CLOSE_AFTER_CLICK_MS);
  }, [ad, closeBottomAd]);

  if (!ready) return null;
  return (
    <>
      {modalTurn && kind === 'coupon-modal' && hasCoupons && (
        <CouponModal campaign={campaign} coupons={coupons} route={route} prefix={prefix} locale={locale} onClose={closeCouponModal} />
      )}
      {modalTurn && kind === 'image-ad' && adsHere && isFollowedImageAdVisible(imageAdFollowedOn, page) && (
        <ImageAd
          name={campaign.name}
          line={campaign.title}
          image={details?.images.bgEvent ?? campaign.background}
          href={toAdHref(campaign.route, prefix)}
          onClose={closeImageAd}
          onLinkClick={followImageAd}
        />
      )}
      {bottomAdTurn && bottomAd === 'shown' && ad && adsHere && (
        <BottomAd
          name={campaign.name}
          background={ad.background}
          textImage={ad.textImage}
          attr={ad.attr}
          href={toAdHref(ad.href, prefix)}
          onClose={closeBottomAd}
          onLinkClick={followBottomAd}
        />
      )}
    </>
  );
}
