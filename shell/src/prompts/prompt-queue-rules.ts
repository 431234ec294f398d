import { PROMPT_ORDER, type PromptEntry, type PromptId, type PromptQueueAction, type PromptQueueState } from '@reelkeep/shared-contracts';

/**
 * The frame's prompt queue as a pure rule (docs/frame.md "Prompts"): given the queue and an event, the next queue,
 * with its decision (`onScreen`) and the moment it changes by itself (`nextChangeAt`). No clock, no browser.
 */

type Entries = PromptQueueState['entries'];

function withEntry(entries: Entries, id: PromptId, entry: PromptEntry): Entries {
  return { ...entries, [id]: entry };
}

/** A prompt is gone: done, and if it was on screen the next one's delay counts from now. */
function removePrompt(state: PromptQueueState, id: PromptId, at: number): PromptQueueState {
  const entry = state.entries[id];
  if (!entry || entry.phase === 'done') return state;
  const wasShown = entry.phase === 'shown';
  return {
    ...state,
    entries: withEntry(state.entries, id, { ...entry, phase: 'done', byVisitor: false }),
    freeSince: wasShown && state.freeSince !== null ? at : state.freeSince,
  };
}

/** Applies one event to the entries, before the decision. */
function applyEvent(state: PromptQueueState, action: PromptQueueAction): PromptQueueState {
  switch (action.type) {
    case 'prompts/queueOpened': {
      let entries = state.entries;
      for (const id of action.payload.expected) {
        if (!entries[id]) entries = withEntry(entries, id, { phase: 'expected', delayMs: 0, byVisitor: false });
      }
      return { ...state, entries, freeSince: state.freeSince ?? action.payload.at };
    }
    case 'prompts/promptOffered': {
      const { id, delayMs, byVisitor = false } = action.payload;
      const entry = state.entries[id];
      // A prompt has its turn once a page; only the visitor brings it back (docs/frame.md "Prompts").
      if (entry?.phase === 'done' && !byVisitor) return state;
      if (entry?.phase === 'shown') return { ...state, entries: withEntry(state.entries, id, { ...entry, byVisitor: entry.byVisitor || byVisitor }) };
      return { ...state, entries: withEntry(state.entries, id, { phase: 'waiting', delayMs, byVisitor }) };
    }
    case 'prompts/promptWithdrawn':
    case 'prompts/promptClosed':
      return removePrompt(state, action.payload.id, action.payload.at);
    case 'prompts/menuToggled':
      return { ...state, menuOpen: action.payload.open };
    case 'prompts/clockTicked':
      return state;
  }
}

/** The prompt whose turn it is at `at`, and when the answer changes by itself. */
export function decidePromptOnScreen(state: PromptQueueState, at: number): { onScreen: PromptId | null; nextChangeAt: number | null } {
  const { entries, freeSince } = state;
  // Before hydration (a server render, the first paint) no prompt shows.
  if (freeSince === null) return { onScreen: null, nextChangeAt: null };
  const live = (id: PromptId) => entries[id]?.phase === 'waiting' || entries[id]?.phase === 'shown';
  // What the visitor asked for comes first; a prompt it pushed aside comes back after it.
  const asked = PROMPT_ORDER.find((id) => live(id) && entries[id]!.byVisitor);
  if (asked) return { onScreen: state.menuOpen ? null : asked, nextChangeAt: null };
  // A menu is open: nothing shows over it, and nothing new starts (its delay is over, it waits for the menu to close).
  if (state.menuOpen) return { onScreen: null, nextChangeAt: null };
  const shown = PROMPT_ORDER.find((id) => entries[id]?.phase === 'shown');
  if (shown) return { onScreen: shown, nextChangeAt: null };
  // The first prompt not done holds the line, even while its owner is still loading (`expected`).
  const next = PROMPT_ORDER.find((id) => entries[id] && entries[id].phase !== 'done');
  if (!next || entries[next]!.phase !== 'waiting') return { onScreen: null, nextChangeAt: null };
  const dueAt = freeSince + entries[next]!.delayMs;
  return at >= dueAt ? { onScreen: next, nextChangeAt: null } : { onScreen: null, nextChangeAt: dueAt };
}

/** The queue after an event: the event applied, then the decision taken at the event's moment. */
export function reducePromptQueue(state: PromptQueueState, action: PromptQueueAction): PromptQueueState {
  const next = applyEvent(state, action);
  const { onScreen, nextChangeAt } = decidePromptOnScreen(next, action.payload.at);
  const entry = onScreen ? next.entries[onScreen] : undefined;
  const entries = onScreen && entry && entry.phase === 'waiting' ? withEntry(next.entries, onScreen, { ...entry, phase: 'shown' }) : next.entries;
  return { ...next, entries, onScreen, nextChangeAt };
}

const EVENT_TYPES: ReadonlySet<string> = new Set<PromptQueueAction['type']>([
  'prompts/queueOpened',
  'prompts/promptOffered',
  'prompts/promptWithdrawn',
  'prompts/promptClosed',
  'prompts/menuToggled',
  'prompts/clockTicked',
]);

/** Whether an action of the store is an event of the queue. */
export function isPromptQueueAction(action: { type: string }): action is PromptQueueAction {
  return EVENT_TYPES.has(action.type);
}
