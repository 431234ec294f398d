import {
  PROMPT_QUEUE_INITIAL_STATE,
  promptClosed,
  promptOffered,
  promptWithdrawn,
  type PromptId,
  type PromptQueueAction,
  type PromptQueueState,
} from '@reelkeep/shared-contracts';
import { decidePromptOnScreen, isPromptQueueAction, reducePromptQueue } from './prompt-queue-rules.ts';
import { promptsSlice } from '../store/prompts-slice.ts';
import { listExpectedPrompts } from './PromptQueue.tsx';

const { queueOpened, menuToggled, clockTicked } = promptsSlice.actions;
const ALL: PromptId[] = ['consent-card', 'campaign-modal', 'push-offer', 'bottom-ad'];
const CONSENT = 0;
const COUPON_MODAL = 5000;
const PUSH = 7000;
const BOTTOM_AD = 0;

/** Runs the events in order and returns the queue after each. */
function run(events: PromptQueueAction[]): PromptQueueState[] {
  const states: PromptQueueState[] = [];
  events.reduce((state, event) => {
    const next = reducePromptQueue(state, event);
    states.push(next);
    return next;
  }, PROMPT_QUEUE_INITIAL_STATE);
  return states;
}

const at = (ms: number) => ({ at: ms });

describe('the frame prompt queue (docs/frame.md "Prompts"): one prompt at a time', () => {
  it.each<[string, PromptQueueAction[], PromptId | null, number | null]>([
    ['server rendering and the first paint show no prompt, whatever is offered', [promptOffered('consent-card', CONSENT, at(0))], null, null],
    [
      'consent first: the consent card shows as soon as it is offered',
      [queueOpened(ALL, 0), promptOffered('consent-card', CONSENT, at(1200))],
      'consent-card',
      null,
    ],
    [
      'the coupon modal does not show beside the consent card, even when its 5 s are over',
      [
        queueOpened(ALL, 0),
        promptOffered('consent-card', CONSENT, at(1200)),
        promptOffered('campaign-modal', COUPON_MODAL, at(1500)),
        clockTicked(9000),
      ],
      'consent-card',
      null,
    ],
    [
      'the coupon modal keeps its 5 s, counted from when the consent card is gone',
      [
        queueOpened(ALL, 0),
        promptOffered('consent-card', CONSENT, at(1200)),
        promptOffered('campaign-modal', COUPON_MODAL, at(1500)),
        promptClosed('consent-card', 3000),
      ],
      null,
      3000 + COUPON_MODAL,
    ],
    [
      'the coupon modal shows at its time',
      [
        queueOpened(ALL, 0),
        promptOffered('consent-card', CONSENT, at(1200)),
        promptOffered('campaign-modal', COUPON_MODAL, at(1500)),
        promptClosed('consent-card', 3000),
        clockTicked(8000),
      ],
      'campaign-modal',
      null,
    ],
    [
      'a prompt still loading holds the line: the push offer waits for the consent card the tracker has not offered yet',
      [queueOpened(ALL, 0), promptOffered('push-offer', PUSH, at(1000)), clockTicked(7000)],
      null,
      null,
    ],
    [
      'then the push offer, 7 s after the campaign modal is gone',
      [
        queueOpened(ALL, 0),
        promptWithdrawn('consent-card', 800),
        promptOffered('campaign-modal', COUPON_MODAL, at(1500)),
        promptOffered('push-offer', PUSH, at(1600)),
        clockTicked(5000),
        promptClosed('campaign-modal', 6000),
      ],
      null,
      6000 + PUSH,
    ],
    [
      'a withdrawn prompt gives its turn without delaying the next: the push offer 7 s after hydration',
      [
        queueOpened(ALL, 0),
        promptWithdrawn('consent-card', 800),
        promptWithdrawn('campaign-modal', 1500),
        promptOffered('push-offer', PUSH, at(1600)),
        clockTicked(7000),
      ],
      'push-offer',
      null,
    ],
    [
      'the bottom ad comes last, after the push offer is gone',
      [
        queueOpened(ALL, 0),
        promptWithdrawn('consent-card', 800),
        promptWithdrawn('campaign-modal', 1500),
        promptOffered('bottom-ad', BOTTOM_AD, at(1500)),
        promptOffered('push-offer', PUSH, at(1600)),
      ],
      null,
      PUSH,
    ],
    [
      'the bottom ad never shows beside the push offer',
      [
        queueOpened(ALL, 0),
        promptWithdrawn('consent-card', 800),
        promptWithdrawn('campaign-modal', 1500),
        promptOffered('bottom-ad', BOTTOM_AD, at(1500)),
        promptOffered('push-offer', PUSH, at(1600)),
        clockTicked(7000),
      ],
      'push-offer',
      null,
    ],
    [
      'the bottom ad shows once the push offer is answered',
      [
        queueOpened(ALL, 0),
        promptWithdrawn('consent-card', 800),
        promptWithdrawn('campaign-modal', 1500),
        promptOffered('bottom-ad', BOTTOM_AD, at(1500)),
        promptOffered('push-offer', PUSH, at(1600)),
        clockTicked(7000),
        promptClosed('push-offer', 9000),
      ],
      'bottom-ad',
      null,
    ],
    [
      'the bottom ad never shows over an open menu (the "Supported sites" menu)',
      [queueOpened(['bottom-ad'], 0), menuToggled(true, 500), promptOffered('bottom-ad', BOTTOM_AD, at(1500))],
      null,
      null,
    ],
    [
      'a card on screen steps aside while a menu is open',
      [queueOpened(['consent-card'], 0), promptOffered('consent-card', CONSENT, at(1200)), menuToggled(true, 2000)],
      null,
      null,
    ],
    [
      'and comes back when the menu closes',
      [queueOpened(['consent-card'], 0), promptOffered('consent-card', CONSENT, at(1200)), menuToggled(true, 2000), menuToggled(false, 4000)],
      'consent-card',
      null,
    ],
    [
      'a prompt due while a menu is open waits for the menu to close',
      [queueOpened(['campaign-modal'], 0), promptOffered('campaign-modal', COUPON_MODAL, at(1500)), menuToggled(true, 4000), clockTicked(5000)],
      null,
      null,
    ],
    [
      'what the visitor asks for (the store banner) shows at once, the consent card aside',
      [queueOpened(ALL, 0), promptOffered('consent-card', CONSENT, at(1200)), promptOffered('campaign-modal', 0, { at: 3000, byVisitor: true })],
      'campaign-modal',
      null,
    ],
    [
      'and the consent card comes back once it is closed',
      [
        queueOpened(ALL, 0),
        promptOffered('consent-card', CONSENT, at(1200)),
        promptOffered('campaign-modal', 0, { at: 3000, byVisitor: true }),
        promptClosed('campaign-modal', 4000),
      ],
      'consent-card',
      null,
    ],
    [
      'a prompt has one turn a page: offered again after it closed, it stays away',
      [
        queueOpened(['consent-card'], 0),
        promptOffered('consent-card', CONSENT, at(1200)),
        promptClosed('consent-card', 2000),
        promptOffered('consent-card', CONSENT, at(3000)),
      ],
      null,
      null,
    ],
    [
      '"Cookie settings" brings the consent card back: the visitor asked',
      [
        queueOpened(['consent-card'], 0),
        promptOffered('consent-card', CONSENT, at(1200)),
        promptClosed('consent-card', 2000),
        promptOffered('consent-card', CONSENT, { at: 9000, byVisitor: true }),
      ],
      'consent-card',
      null,
    ],
  ])('%s', (_title, events, onScreen, nextChangeAt) => {
    const last = run(events).at(-1)!;
    expect(last.onScreen).toBe(onScreen);
    expect(last.nextChangeAt).toBe(nextChangeAt);
  });

  it('never decides two prompts at once: at most one entry is shown (outside a visitor request) after every event of a first visit', () => {
    const states = run([
      queueOpened(ALL, 0),
      promptOffered('bottom-ad', BOTTOM_AD, at(900)),
      promptOffered('push-offer', PUSH, at(1000)),
      promptOffered('campaign-modal', COUPON_MODAL, at(1100)),
      promptOffered('consent-card', CONSENT, at(1200)),
      clockTicked(5000),
      promptClosed('consent-card', 6000),
      clockTicked(11_000),
      promptClosed('campaign-modal', 12_000),
      clockTicked(19_000),
      promptClosed('push-offer', 19_500),
    ]);
    expect(states.map((state) => state.onScreen)).toEqual([
      null,
      null,
      null,
      null,
      'consent-card',
      'consent-card',
      null,
      'campaign-modal',
      null,
      'push-offer',
      'bottom-ad',
    ]);
    for (const state of states) expect(Object.values(state.entries).filter((entry) => entry.phase === 'shown').length).toBeLessThanOrEqual(1);
  });

  it('decides from the state alone: the same queue at the same moment gives the same answer', () => {
    const state = run([queueOpened(['campaign-modal'], 100), promptOffered('campaign-modal', COUPON_MODAL, at(200))]).at(-1)!;
    expect(decidePromptOnScreen(state, 5099)).toEqual({ onScreen: null, nextChangeAt: 5100 });
    expect(decidePromptOnScreen(state, 5100)).toEqual({ onScreen: 'campaign-modal', nextChangeAt: null });
  });

  it("takes the contract's events and no other action", () => {
    expect(isPromptQueueAction(promptOffered('push-offer', PUSH))).toBe(true);
    expect(isPromptQueueAction(clockTicked())).toBe(true);
    expect(isPromptQueueAction({ type: 'prompts/somethingElse' })).toBe(false);
    expect(promptsSlice.reducer(PROMPT_QUEUE_INITIAL_STATE, { type: 'os/osSwitched', payload: 'mac' })).toBe(PROMPT_QUEUE_INITIAL_STATE);
  });
});

describe('the prompts a page waits for when the queue opens', () => {
  it.each<[string, { consentAnswered: boolean; hasCampaign: boolean }, PromptId[]]>([
    ['a first visit during a campaign: all four', { consentAnswered: false, hasCampaign: true }, ALL],
    [
      'consent answered (or Global Privacy Control): no consent card',
      { consentAnswered: true, hasCampaign: true },
      ['campaign-modal', 'bottom-ad', 'push-offer'],
    ],
    ['no campaign running: consent and push only', { consentAnswered: false, hasCampaign: false }, ['consent-card', 'push-offer']],
  ])('%s', (_title, input, expected) => expect([...listExpectedPrompts(input)].sort()).toEqual([...expected].sort()));
});
