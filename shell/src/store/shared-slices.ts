import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AbState, CampaignNavState, LocaleState, OsState, SessionState } from '@reelkeep/shared-contracts';

/** Locale slice of the store contract. */
export const localeSlice = createSlice({
  name: 'locale',
  initialState: { current: 'en', prefix: '', path: '/' } as LocaleState,
  reducers: {
    localeChanged: (_state, action: PayloadAction<LocaleState>) => action.payload,
  },
});

/** OS slice of the store contract. */
export const osSlice = createSlice({
  name: 'os',
  initialState: { os: 'win', is64Bit: true } as OsState,
  reducers: {
    osSwitched: (state, action: PayloadAction<OsState['os']>) => {
      state.os = action.payload;
    },
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

/** A/B values slice of the store contract. */
export const abSlice = createSlice({
  name: 'ab',
  initialState: { values: {} } as AbState,
  reducers: {
    abValueAssigned: (state, action: PayloadAction<{ key: string; value: string }>) => {
      state.values[action.payload.key] = action.payload.value;
    },
  },
});

/** Campaign navigation visibility slice of the store contract: nothing toggles it yet (the campaign squad's next issue does). */
export const campaignNavSlice = createSlice({
  name: 'campaignNav',
  initialState: { visible: false } as CampaignNavState,
  reducers: {
    campaignNavToggled: (state, action: PayloadAction<boolean>) => {
      state.visible = action.payload;
    },
  },
});
