/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { decodeTrackingData, emitSiteEvent, TRACKING_ENDPOINT, type TrackingData, type TrackingEnvelope } from '@reelkeep/shared-contracts';
import { resetTheStartForTests } from '../after-the-start.ts';
import { renderWithShell } from '../testing/render-with-shell.tsx';
import { PromptQueue } from '../prompts/PromptQueue.tsx';
import { Tracking } from './Tracking.tsx';

/** What the page handed to `navigator.sendBeacon` for the tracker's endpoint, decoded as the server reads it. */
let beacons: Promise<TrackingData>[] = [];
const readBlob = (body: Blob) =>
  new Promise<string>((resolve) => {
    // jsdom's Blob has no text(); its FileReader reads it.
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(body);
  });

beforeEach(() => {
  beacons = [];
  resetTheStartForTests();
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      if (url === TRACKING_ENDPOINT)
        beacons.push(readBlob(body).then((text) => decodeTrackingData(JSON.parse(text) as TrackingEnvelope) as TrackingData));
      return true;
    },
  });
});
afterEach(() => {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

describe('tracking (docs/tracking.md "Page views")', () => {
  it('counts the page as it hydrates, before the start is over, and the tracker that comes after the first key does not count it again', async () => {
    const { site } = renderWithShell(<Tracking />, { state: { ab: { values: { abPlanPrice: 'price_b' } } } });
    // No input yet, no quiet moment yet: the tracker is not there, the page view already went out.
    expect(site.store.getState().prompts.entries['consent-card']).toBeUndefined();
    const sent = await Promise.all(beacons);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      event: 'page_view',
      xargs_request_type: 'send_beacon',
      // The product is the document's (jsdom's is at `/`: the all-in-one app).
      ab_try_list: [{ key: 'aio_price', version: 'v1', value: 'price_b', expire_day: 10 }],
    });

    // The visitor's first key ends the start: the tracker loads and asks for consent, and sends no second page view.
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    await waitFor(() => expect(site.store.getState().prompts.entries['consent-card']).toBeDefined(), { timeout: 5_000 });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect((await Promise.all(beacons)).map((data) => data.event)).toEqual(['page_view']);
  });

  it('"Cookie settings" clicked before the tracker arrives shows the card once it does, though the visitor had declined', async () => {
    document.cookie = 'rk_consent=denied; Path=/';
    delete document.documentElement.dataset.tracker;
    renderWithShell(
      <>
        <PromptQueue hasCampaign={false} />
        <Tracking />
      </>,
    );
    // The click on the footer's button is the visitor's first input: it ends the start, and asks for the card at once.
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
      emitSiteEvent('consentRequested', {});
    });
    await waitFor(() => expect(document.documentElement.dataset.tracker).toBe('ready'), { timeout: 5_000 });
    expect(await screen.findByTestId('consent-banner', {}, { timeout: 5_000 })).toBeTruthy();
  });
});
