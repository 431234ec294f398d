import {
  CLIENT_NOT_DETECTED,
  type AbState,
  type CampaignNavState,
  type ClientState,
  type LocaleState,
  type OsState,
  type PageMetaState,
  type SessionState,
} from '@reelkeep/shared-contracts';
import { defineSlice } from './define-slice.ts';

/** Locale slice of the store contract. */
export const localeSlice = defineSlice('locale', { current: 'en', prefix: '', path: '/' } as LocaleState, {
  localeChanged: (_state, locale: LocaleState) => locale,
});

/** OS slice of the store contract. */
export const osSlice = defineSlice('os', { os: 'win', is64Bit: true } as OsState, {
  osSwitched: (state, os: OsState['os']) => ({ ...state, os }),
});

/** Session slice of the store contract: who is signed in, never the secret. */
export const sessionSlice = defineSlice('session', { signedIn: false, user: null } as SessionState, {
  sessionChanged: (_state, session: SessionState) => session,
});

/** Page meta slice of the store contract. */
export const pageMetaSlice = defineSlice('pageMeta', { title: '', description: '', keywords: '', status: 200 } as PageMetaState, {
  pageMetaReplaced: (_state, meta: PageMetaState) => meta,
});

/** A/B values slice of the store contract. */
export const abSlice = defineSlice('ab', { values: {} } as AbState, {
  abValueAssigned: (state, { key, value }: { key: string; value: string }) => ({ values: { ...state.values, [key]: value } }),
});

/** Campaign navigation visibility slice of the store contract: the campaign squad writes it (docs/routing.md "The campaign entry in the navigation"). */
export const campaignNavSlice = defineSlice('campaignNav', { visible: false } as CampaignNavState, {
  campaignNavToggled: (_state, visible: boolean) => ({ visible }),
});

/** Client slice of the store contract (docs/frame.md "Client state"): rendered empty, filled in the browser. */
export const clientSlice = defineSlice('client', CLIENT_NOT_DETECTED, {
  clientDetected: (state, detected: Partial<ClientState>) => ({ ...state, ...detected }),
});
