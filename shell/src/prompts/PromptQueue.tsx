import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { readConsent, type PromptId, type SharedState } from '@reelkeep/shared-contracts';
import { promptsSlice } from '../store/prompts-slice.ts';

/** The prompts whose owners load after hydration on this page: each holds its place in the queue until it offers or withdraws. */
export function listExpectedPrompts(input: { consentAnswered: boolean; hasCampaign: boolean }): PromptId[] {
  return [
    ...(input.consentAnswered ? [] : (['consent-card'] as const)),
    ...(input.hasCampaign ? (['campaign-modal', 'bottom-ad'] as const) : []),
    'push-offer',
  ];
}

/**
 * The thin I/O of the frame's prompt queue (docs/frame.md "Prompts"): opens the queue once the page is hydrated,
 * and tells it when a waiting prompt's delay is over. The decision itself is the pure rule of `prompt-queue-rules.ts`.
 * Its own component, so the clock's renders stay out of the frame.
 */
export function PromptQueue({ hasCampaign }: { hasCampaign: boolean }) {
  const dispatch = useDispatch();
  const nextChangeAt = useSelector((state: SharedState) => state.prompts.nextChangeAt);

  useEffect(() => {
    // Global Privacy Control is a standing refusal: no consent card comes (docs/tracking.md "Consent").
    const consentAnswered =
      readConsent(document.cookie) !== 'unknown' || (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
    dispatch(promptsSlice.actions.queueOpened(listExpectedPrompts({ consentAnswered, hasCampaign })));
    // The campaign of a document never changes (the frame's data is the server's): opened once.
  }, []);

  useEffect(() => {
    if (nextChangeAt === null) return;
    const timer = setTimeout(() => dispatch(promptsSlice.actions.clockTicked()), Math.max(0, nextChangeAt - Date.now()));
    return () => clearTimeout(timer);
  }, [nextChangeAt, dispatch]);

  return null;
}
