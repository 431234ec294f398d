import { describe, expect, it } from '@jest/globals';
import { openNotificationTarget, toSiteTarget } from './notification-target.ts';

describe('toSiteTarget', () => {
  it.each([
    ['https://www.reelkeep.com/fr/store', 'https://www.reelkeep.com/fr/store'],
    ['https://evil.example/phish', 'https://www.reelkeep.com/'],
    ['javascript:alert(1)', 'https://www.reelkeep.com/'],
    ['/store', 'https://www.reelkeep.com/'],
    [undefined, 'https://www.reelkeep.com/'],
  ])('%j opens %s', (url, target) => expect(toSiteTarget(url, 'https://www.reelkeep.com')).toBe(target));
});

describe('openNotificationTarget', () => {
  const tab = (url: string, log: string[]) => ({ url, focus: async () => log.push(`focus ${url}`) });
  it('focuses the tab already showing the target', async () => {
    const log: string[] = [];
    const windows = [tab('https://x.test/', log), tab('https://x.test/store', log)];
    expect(await openNotificationTarget('https://x.test/store', windows, async (url) => log.push(`open ${url}`))).toBe('focused');
    expect(log).toEqual(['focus https://x.test/store']);
  });
  it('opens the target when no tab shows it', async () => {
    const log: string[] = [];
    expect(await openNotificationTarget('https://x.test/store', [tab('https://x.test/', log)], async (url) => log.push(`open ${url}`))).toBe(
      'opened',
    );
    expect(log).toEqual(['open https://x.test/store']);
  });
});
