import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { OfferCouponDto, OrderDto, OsState, PageProps, SharedState } from '@reelkeep/shared-contracts';
import type { CheckoutData } from './loaders.server.ts';

/** The plan cards of the page (the lifetime card holds three device counts). */
export const CARD_TYPES = ['1M', '6M', '1Y', 'LFT'] as const;
/** A plan card. */
export type CardType = (typeof CARD_TYPES)[number];
/** The lifetime device choices (LFT, LFT_3, LFT_5: docs/commerce.md "Plans and prices"). */
export const LIFETIME = { 1: 'LFT', 3: 'LFT_3', 5: 'LFT_5' } as const;
/** A lifetime device count. */
export type Devices = keyof typeof LIFETIME;

/**
 * The checkout squad's slice of the site store (docs/sharing.md "One store"): the visitor's choices on `/checkout`
 * (OS, plan card, lifetime devices, coupon and e-mail), the upgrade or applied order the link named, and the order
 * being paid. Opened from the page's data on the server; the browser's store takes it from the hydration state.
 */
export interface CheckoutState {
  os: OsState['os'];
  cardType: CardType;
  devices: Devices;
  coupon: OfferCouponDto | null;
  /** What the coupon field shows (upper case as typed). */
  couponCode: string;
  /** An error code of `errors.*` in the checkout namespace. */
  couponError: string | null;
  email: string;
  emailError: string | null;
  formError: string | null;
  /** A coupon check or an order is on its way. */
  busy: boolean;
  upgradeId: string | null;
  appliedId: string | null;
  upgrade: CheckoutData['upgrade'];
  order: OrderDto | null;
  /** The payment provider's secret of the pending order (Stripe), never rendered. */
  clientSecret: string | null;
}

/** A page with no link parameters: Windows, the yearly plan, no coupon. */
export const CHECKOUT_INITIAL_STATE: CheckoutState = {
  os: 'win',
  cardType: '1Y',
  devices: 5,
  coupon: null,
  couponCode: '',
  couponError: null,
  email: '',
  emailError: null,
  formError: null,
  busy: false,
  upgradeId: null,
  appliedId: null,
  upgrade: null,
  order: null,
  clientSecret: null,
};

/** The state a visit to `/checkout` starts with: what its link asked for, the visitor's OS where the link names none. */
export function openCheckout(data: CheckoutData, visitorOs: OsState['os']): CheckoutState {
  const hasMac = data.offer.plans.mac !== null;
  const requested = data.initial.type;
  return {
    ...CHECKOUT_INITIAL_STATE,
    os: (data.initial.os ?? visitorOs) === 'mac' && hasMac ? 'mac' : 'win',
    cardType: CARD_TYPES.find((type) => requested === type) ?? (requested?.startsWith('LFT') ? 'LFT' : '1Y'),
    devices: requested === 'LFT_3' ? 3 : requested === 'LFT' ? 1 : 5,
    coupon: data.initial.coupon,
    couponCode: data.initial.coupon?.code ?? '',
    couponError: data.initial.couponError,
    email: data.initial.email ?? '',
    upgradeId: data.upgradeId,
    appliedId: data.appliedId,
    upgrade: data.upgrade,
    order: data.order,
  };
}

/** The checkout slice: its events read as what happened on the page (`checkout/couponApplied`). */
export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: CHECKOUT_INITIAL_STATE,
  reducers: {
    checkoutOpened: (_state, action: PayloadAction<CheckoutState>) => action.payload,
    osChosen: (state, action: PayloadAction<OsState['os']>) => void (state.os = action.payload),
    planChosen: (state, action: PayloadAction<CardType>) => void (state.cardType = action.payload),
    lifetimeDevicesChosen: (state, action: PayloadAction<Devices>) => {
      state.devices = action.payload;
      state.cardType = 'LFT';
    },
    couponCodeTyped: (state, action: PayloadAction<string>) => void (state.couponCode = action.payload.toUpperCase()),
    /** A coupon was asked for: its earlier error goes; an empty code asks nothing, so nothing is waited for. */
    couponRequested: (state, action: PayloadAction<string>) => {
      state.couponError = null;
      if (action.payload.trim()) state.busy = true;
    },
    couponApplied: (state, action: PayloadAction<OfferCouponDto>) => {
      state.busy = false;
      state.coupon = action.payload;
      state.couponCode = action.payload.code;
    },
    couponRefused: (state, action: PayloadAction<string>) => {
      state.busy = false;
      state.coupon = null;
      state.couponError = action.payload;
    },
    couponRemoved: (state) => {
      state.coupon = null;
      state.couponCode = '';
    },
    emailTyped: (state, action: PayloadAction<string>) => void (state.email = action.payload),
    orderSubmitted: (state) => void (state.formError = null),
    emailRefused: (state, action: PayloadAction<string>) => {
      state.busy = false;
      state.emailError = action.payload;
    },
    orderRequested: (state) => {
      state.emailError = null;
      state.busy = true;
    },
    orderPlaced: (state, action: PayloadAction<{ order: OrderDto; clientSecret: string | null }>) => {
      state.busy = false;
      state.order = action.payload.order;
      state.clientSecret = action.payload.clientSecret;
    },
    orderRefused: (state, action: PayloadAction<{ field: 'email' | 'coupon' | null; error: string }>) => {
      state.busy = false;
      if (action.payload.field === 'email') state.emailError = action.payload.error;
      else if (action.payload.field === 'coupon') state.couponError = action.payload.error;
      else state.formError = action.payload.error;
    },
    /** The payment provider told how the order stands (paid, or back to pending). */
    orderUpdated: (state, action: PayloadAction<OrderDto>) => void (state.order = action.payload),
    /** The visitor went back from payment to their choices. */
    paymentLeft: (state) => void (state.order = null),
  },
});

/** The checkout's events. */
export const checkoutEvents = checkoutSlice.actions;

/** The store as the checkout's components see it: the contract's slices and the checkout's own. */
export type CheckoutRootState = SharedState & { [checkoutSlice.reducerPath]: CheckoutState };
/** Typed `useSelector` of the checkout's components. */
export const useCheckoutSelector = useSelector.withTypes<CheckoutRootState>();
/** Typed `useDispatch` of the checkout's components. */
export const useCheckoutDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();
/** The checkout's state, or the initial state while the slice is not injected yet (it is before the page renders). */
export const selectCheckoutState = (state: CheckoutRootState): CheckoutState => state.checkout ?? CHECKOUT_INITIAL_STATE;

/** The event the shell dispatches when `/checkout` opens (the page contract's `openingEvents`). */
export function openCheckoutEvents(page: PageProps<CheckoutData>, state: SharedState): UnknownAction[] {
  return [checkoutSlice.actions.checkoutOpened(openCheckout(page.data, state.os.os))];
}
