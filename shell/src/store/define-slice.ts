/** An action of the site store: a type (`slice/eventHappened`) and its payload. */
// A type, not an interface: Redux's `dispatch` takes actions with an index signature.
export type PayloadAction<Payload> = { type: string; payload: Payload };

type CaseReducers<State> = Record<string, (state: State, payload: never) => State>;

/** A slice of the shell's own: its reducer and an action creator per case, with RTK's names and action types. */
export interface SiteSlice<State, Cases extends CaseReducers<State>> {
  name: string;
  reducerPath: string;
  reducer: (state: State | undefined, action: { type: string; payload?: unknown }) => State;
  actions: { [Case in keyof Cases]: (payload: Parameters<Cases[Case]>[1]) => PayloadAction<Parameters<Cases[Case]>[1]> };
}

/**
 * Defines a slice whose cases return the next state (no drafts, so no immer in the first load): action types are
 * `<name>/<case>`, as RTK's `createSlice` makes them, so a remote may dispatch them by type.
 */
export function defineSlice<State, Cases extends CaseReducers<State>>(name: string, initialState: State, cases: Cases): SiteSlice<State, Cases> {
  const prefix = `${name}/`;
  const reducer = (state: State = initialState, action: { type: string; payload?: unknown }): State => {
    const handle = action.type.startsWith(prefix) ? cases[action.type.slice(prefix.length)] : undefined;
    return handle && Object.hasOwn(cases, action.type.slice(prefix.length)) ? handle(state, action.payload as never) : state;
  };
  const actions = Object.fromEntries(
    Object.keys(cases).map((caseName) => [caseName, (payload: unknown) => ({ type: prefix + caseName, payload })]),
  ) as SiteSlice<State, Cases>['actions'];
  return { name, reducerPath: name, reducer, actions };
}
