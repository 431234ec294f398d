import { PROMPT_QUEUE_INITIAL_STATE, type PromptId, type PromptQueueState } from '@reelkeep/shared-contracts';
import { isPromptQueueAction, reducePromptQueue } from '../prompts/prompt-queue-rules.ts';

/**
 * The `prompts` slice of the store contract (docs/frame.md "Prompts"): the queue and its decision. Its events are
 * the contract's (`promptOffered`, `promptClosed`…, from `@reelkeep/shared-contracts`), so a remote dispatches
 * them without the shell's code; the frame adds the ones only it knows.
 */
export const promptsSlice = {
  reducerPath: 'prompts' as const,
  reducer: (state: PromptQueueState = PROMPT_QUEUE_INITIAL_STATE, action: { type: string; payload?: unknown }): PromptQueueState =>
    isPromptQueueAction(action) ? reducePromptQueue(state, action) : state,
  actions: {
    /** The page is hydrated: the queue opens, waiting for the prompts whose owners are still loading. */
    queueOpened: (expected: PromptId[], at: number = Date.now()) => ({ type: 'prompts/queueOpened' as const, payload: { at, expected } }),
    /** A menu of the header opened or closed. */
    menuToggled: (open: boolean, at: number = Date.now()) => ({ type: 'prompts/menuToggled' as const, payload: { at, open } }),
    /** A waiting prompt's delay is over. */
    clockTicked: (at: number = Date.now()) => ({ type: 'prompts/clockTicked' as const, payload: { at } }),
  },
};
