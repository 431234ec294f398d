/**
 * The frame's prompt queue (docs/frame.md "Prompts"): the consent card, the campaign's coupon modal or image ad, the
 * push offer and the bottom-left ad take turns, one at a time, in this order. The shell owns the queue in its store
 * (the `prompts` slice) and decides which prompt may be on screen; a prompt's owner (the shell's own cards, the
 * campaign squad's dialogs) offers its prompt with its delay, reads the decision and says when its prompt is gone,
 * all through the store with the actions and selectors below. No remote imports the shell. Since 3.2.0.
 */

/** The prompts, first to last: a prompt never shows before the ones ahead of it are gone. */
export const PROMPT_ORDER = ['consent-card', 'campaign-modal', 'push-offer', 'bottom-ad'] as const;

/** A prompt of the frame. `campaign-modal` is the coupon modal or, for a campaign that is not important, the image ad. */
export type PromptId = (typeof PROMPT_ORDER)[number];

/**
 * Where a prompt is: `expected` (its owner is still loading, so the ones behind it wait), `waiting` (offered, its
 * delay not yet over or another prompt on screen), `shown` (its turn came; it stays until closed), `done`.
 */
export type PromptPhase = 'expected' | 'waiting' | 'shown' | 'done';

/** One prompt in the queue. */
export interface PromptEntry {
  phase: PromptPhase;
  /** Its spec delay, counted from the moment it may show: when the screen became free of prompts. */
  delayMs: number;
  /** The visitor asked for it (the footer's "Cookie settings", the store page's banner): it shows at once, before the others. */
  byVisitor: boolean;
}

/** The `prompts` slice of the store. Times are the page's clock (`Date.now()`), in ms. */
export interface PromptQueueState {
  /** When the screen last became free of prompts; null until the page is hydrated (so a server render shows none). */
  freeSince: number | null;
  /** A menu of the header is open (services, mobile menu, language): nothing shows over it. */
  menuOpen: boolean;
  entries: Partial<Record<PromptId, PromptEntry>>;
  /** The decision: the one prompt that may be on screen now, or none. */
  onScreen: PromptId | null;
  /** When the decision changes by itself (a waiting prompt's delay ends), or null. */
  nextChangeAt: number | null;
}

/** The queue of a page before hydration: nothing offered, nothing on screen. */
export const PROMPT_QUEUE_INITIAL_STATE: PromptQueueState = {
  freeSince: null,
  menuOpen: false,
  entries: {},
  onScreen: null,
  nextChangeAt: null,
};

/** The payloads of the queue's events, by action name (`prompts/<name>`). Every event carries its moment `at`. */
export interface PromptQueueEvents {
  /** The page is hydrated: the screen is free from now; `expected` names the prompts whose owners are still loading. */
  queueOpened: { at: number; expected: PromptId[] };
  /** The owner would show its prompt now, after `delayMs` counted from when the screen is free. */
  promptOffered: { at: number; id: PromptId; delayMs: number; byVisitor?: boolean };
  /** The owner will not show its prompt on this page (not eligible, already seen this session, failed to load). */
  promptWithdrawn: { at: number; id: PromptId };
  /** The prompt is gone (answered, closed, followed): the next one's delay starts now. */
  promptClosed: { at: number; id: PromptId };
  /** A menu of the header opened or closed. */
  menuToggled: { at: number; open: boolean };
  /** The moment `nextChangeAt` came. */
  clockTicked: { at: number };
}

/** An action of the queue, as the shell's `prompts` slice handles it. */
export type PromptQueueAction = {
  [Name in keyof PromptQueueEvents]: { type: `prompts/${Name}`; payload: PromptQueueEvents[Name] };
}[keyof PromptQueueEvents];

function toAction<Name extends keyof PromptQueueEvents>(name: Name, payload: PromptQueueEvents[Name]) {
  return { type: `prompts/${name}` as const, payload };
}

/** The owner would show its prompt after `delayMs` (counted from when the screen is free). */
export function promptOffered(id: PromptId, delayMs: number, options: { byVisitor?: boolean; at?: number } = {}) {
  return toAction('promptOffered', { at: options.at ?? Date.now(), id, delayMs, byVisitor: options.byVisitor ?? false });
}

/** The owner will not show its prompt on this page. */
export function promptWithdrawn(id: PromptId, at: number = Date.now()) {
  return toAction('promptWithdrawn', { at, id });
}

/** The prompt is gone. */
export function promptClosed(id: PromptId, at: number = Date.now()) {
  return toAction('promptClosed', { at, id });
}

/**
 * The prompt that may be on screen now; `undefined` in a shell older than the queue (no `prompts` slice), where a
 * prompt shows on its own timing as before.
 */
export function selectPromptOnScreen(state: object): PromptId | null | undefined {
  return (state as { prompts?: PromptQueueState }).prompts?.onScreen;
}
