import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

/** Locale slice of the store contract. */
export const localeSlice = createSlice({
  name: 'locale',
  initialState: { current: 'en', prefix: '', path: '/' } as LocaleState,
  reducers: {
    localeChanged: (_state, action: PayloadAction<LocaleState>) => action.payload,
  },
});

/** OS slice of the store contract (its `os/osSwitched` is the contract's `OS_SWITCHED_ACTION`). */
export const osSlice = createSlice({
  name: 'os',
  initialState: { os: 'win', is64Bit: true } as OsState,
  reducers: {
    osSwitched: (state, action: PayloadAction<OsState['os']>) => void (state.os = action.payload),
  },
});

/** Session slice of the store contract: who is signed in, never the secret. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState: { signedIn: false, user: null } as SessionState,
  reducers: {
    sessionChanged: (_state, action: PayloadAction<SessionState>) => action.payload,
  },
});

/** Page meta slice of the store contract. */
export const pageMetaSlice = createSlice({
  name: 'pageMeta',
  initialState: { title: '', description: '', keywords: '', status: 200, canonicalUrl: '' } as PageMetaState,
  reducers: {
    pageMetaReplaced: (_state, action: PayloadAction<PageMetaState>) => action.payload,
  },
});

/** A/B values slice of the store contract. */
export const abSlice = createSlice({
  name: 'ab',
  initialState: { values: {} } as AbState,
  reducers: {
    abValueAssigned: (state, action: PayloadAction<{ key: string; value: string }>) => void (state.values[action.payload.key] = action.payload.value),
  },
});

/** Campaign navigation visibility slice of the store contract: the campaign squad writes it (docs/routing.md "The campaign entry in the navigation"). */
export const campaignNavSlice = createSlice({
  name: 'campaignNav',
  initialState: { visible: false } as CampaignNavState,
  reducers: {
    campaignNavToggled: (state, action: PayloadAction<boolean>) => void (state.visible = action.payload),
  },
});

/** Client slice of the store contract (docs/frame.md "Client state"): rendered empty, filled in the browser. */
export const clientSlice = createSlice({
  name: 'client',
  initialState: CLIENT_NOT_DETECTED,
  reducers: {
    clientDetected: (state, action: PayloadAction<Partial<ClientState>>) => ({ ...state, ...action.payload }),
  },
});
