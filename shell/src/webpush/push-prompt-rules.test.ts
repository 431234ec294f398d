import { describe, expect, it } from '@jest/globals';
import { decidePushPrompt, type PushPromptSituation } from './push-prompt-rules.ts';

const base: PushPromptSituation = { route: 'home', cookies: '', promptedThisSession: false, supported: true, permission: 'default' };

describe('decidePushPrompt (docs/push.md "Subscribing")', () => {
  it.each<[string, Partial<PushPromptSituation>, ReturnType<typeof decidePushPrompt>]>([
    ['a first visit asks', {}, 'ask'],
    ['an allowed browser subscribes without asking', { permission: 'granted' }, 'subscribe'],
    ['never on checkout', { route: 'checkout', permission: 'granted' }, 'skip'],
    ['never on checkout, even the first time', { route: 'checkout' }, 'skip'],
    ['an article asks', { route: 'article' }, 'ask'],
    ['not after our card was declined', { cookies: 'a=1; rk_push=declined' }, 'skip'],
    ['not after the browser prompt was refused', { permission: 'denied' }, 'skip'],
    ['once per session', { promptedThisSession: true, permission: 'granted' }, 'skip'],
    ['not without the Push API', { supported: false }, 'skip'],
    ['not on a page without a route (not found)', { route: undefined }, 'skip'],
    ['an earlier subscription is renewed', { cookies: 'rk_push=subscribed', permission: 'granted' }, 'subscribe'],
  ])('%s', (_name, change, decision) => {
    expect(decidePushPrompt({ ...base, ...change })).toBe(decision);
  });
});
