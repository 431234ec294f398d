/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import type { Locale } from '@reelkeep/shared-contracts';
import { renderWithShell } from '@reelkeep/shell/testing';
import type { ExposureEnvironment } from './exposure.ts';
import { GuideSidebar, ResourceBanner } from './GuideExperiments.tsx';

/** A browser whose IntersectionObserver the test drives, and whose beacons it keeps. */
function createBrowser() {
  const beacons: Record<string, string>[] = [];
  const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
  class DrivenObserver {
    readonly record: { callback: IntersectionObserverCallback; disconnected: boolean };
    constructor(callback: IntersectionObserverCallback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const environment = (): ExposureEnvironment => ({
    sendBeacon: (_url, body) => {
      const reader = new FileReader();
      reader.onload = () => beacons.push(JSON.parse(String(reader.result)) as Record<string, string>);
      reader.readAsText(body);
      return true;
    },
    fetch: async () => new Response(null, { status: 500 }),
    IntersectionObserver: DrivenObserver as unknown as typeof IntersectionObserver,
  });
  const show = async (ratio: number) =>
    act(async () => {
      for (const observer of observers.filter((entry) => !entry.disconnected))
        observer.callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry], {} as IntersectionObserver);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  return { environment, beacons, show };
}

function renderGuide(values: Record<string, string>, locale = 'en', pageKey = 'how-to-download-netflix-videos', browser = createBrowser()) {
  const tree = (key: string) => (
    <>
      <GuideSidebar pageKey={key} environment={browser.environment} />
      <ResourceBanner pageKey={key} environment={browser.environment} />
    </>
  );
  const view = renderWithShell(tree(pageKey), {
    locale: locale as Locale,
    path: `/${pageKey}`,
    namespaces: ['article_common'],
    state: { ab: { values } },
  });
  return { ...browser, navigate: (key: string) => view.rerender(tree(key)) };
}

describe('guide experiments (docs/experiments.md "The registry")', () => {
  it('shows the assigned variants: sidebar b links to the plans, banner a to the download', () => {
    renderGuide({ sidebarAB: 'b', resourceBannerAB: 'a' });
    expect(screen.getByRole('complementary', { name: 'Everything you need to watch offline' }).getAttribute('data-experiment')).toBe('sidebar:b');
    expect(screen.getByRole('link', { name: 'See plans and prices' }).getAttribute('href')).toBe('/store');
    expect(screen.getByRole('link', { name: 'Start the free trial' }).getAttribute('href')).toBe('/downloading');
  });

  it('is translated: the German sidebar a and banner b', () => {
    renderGuide({ sidebarAB: 'a', resourceBannerAB: 'b' }, 'de');
    expect(screen.getByRole('link', { name: 'Kostenlos herunterladen' }).getAttribute('href')).toBe('/de/downloading');
    expect(screen.getByRole('heading', { name: 'Eine Lizenz, alle künftigen Updates' })).toBeTruthy();
  });

  it('after a client navigation to the first guide, shows the variant of the cookie the data request set', () => {
    document.cookie = 'sidebarAB=b; path=/';
    try {
      renderGuide({});
      expect(screen.getByRole('complementary', { name: 'Everything you need to watch offline' })).toBeTruthy();
    } finally {
      document.cookie = 'sidebarAB=; path=/; max-age=0';
    }
  });

  it('shows nothing while an experiment is closed (no variant in the store)', () => {
    renderGuide({ sidebarAB: 'a' });
    expect(screen.queryByRole('complementary', { name: /Ready to try/ })).toBeNull();
    expect(screen.getAllByRole('complementary')).toHaveLength(1);
  });

  it('reports each variant once it is half visible, once per page, and again on the next article (docs/experiments.md "Exposure")', async () => {
    const guide = renderGuide({ sidebarAB: 'b', resourceBannerAB: 'a' });
    await guide.show(0.3);
    expect(guide.beacons).toEqual([]);
    await guide.show(0.6);
    await guide.show(1);
    // The beacon is sent after the observer's callback, in a task of its own: on a busy machine, later than 20 ms.
    await waitFor(() => expect(guide.beacons).toHaveLength(2));
    expect(guide.beacons.map(({ experiment, variant, path: page }) => [experiment, variant, page])).toEqual([
      ['sidebar', 'b', '/'],
      ['resource_banner', 'a', '/'],
    ]);
    expect(guide.beacons[0]!.page).toMatch(/^[\w-]{8,64}$/);
    expect(guide.beacons[0]!.page).not.toBe(guide.beacons[1]!.page);
    guide.navigate('what-is-reelkeep');
    await guide.show(0.6);
    await waitFor(() => expect(guide.beacons).toHaveLength(4));
  });
});
