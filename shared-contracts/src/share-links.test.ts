import { describe, expect, it } from '@jest/globals';
import { buildShareLinks } from './share-links.ts';

const page = { url: 'https://www.reelkeep.com/fr/how-to-download-netflix-videos?x=1&y=2', title: 'Télécharger & regarder' };

describe('buildShareLinks (docs/sharing.md)', () => {
  it('shares the canonical URL and the title, encoded, to each network’s own share page', () => {
    expect(buildShareLinks(page, 'fr')).toEqual([
      {
        network: 'facebook',
        href: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwww.reelkeep.com%2Ffr%2Fhow-to-download-netflix-videos%3Fx%3D1%26y%3D2',
      },
      {
        network: 'x',
        href: 'https://x.com/intent/post?url=https%3A%2F%2Fwww.reelkeep.com%2Ffr%2Fhow-to-download-netflix-videos%3Fx%3D1%26y%3D2&text=T%C3%A9l%C3%A9charger%20%26%20regarder',
      },
      {
        network: 'whatsapp',
        href: 'https://wa.me/?text=T%C3%A9l%C3%A9charger%20%26%20regarder%20https%3A%2F%2Fwww.reelkeep.com%2Ffr%2Fhow-to-download-netflix-videos%3Fx%3D1%26y%3D2',
      },
      {
        network: 'telegram',
        href: 'https://t.me/share/url?url=https%3A%2F%2Fwww.reelkeep.com%2Ffr%2Fhow-to-download-netflix-videos%3Fx%3D1%26y%3D2&text=T%C3%A9l%C3%A9charger%20%26%20regarder',
      },
      {
        network: 'reddit',
        href: 'https://www.reddit.com/submit?url=https%3A%2F%2Fwww.reelkeep.com%2Ffr%2Fhow-to-download-netflix-videos%3Fx%3D1%26y%3D2&title=T%C3%A9l%C3%A9charger%20%26%20regarder',
      },
      {
        network: 'email',
        href: 'mailto:?subject=T%C3%A9l%C3%A9charger%20%26%20regarder&body=T%C3%A9l%C3%A9charger%20%26%20regarder%0Ahttps%3A%2F%2Fwww.reelkeep.com%2Ffr%2Fhow-to-download-netflix-videos%3Fx%3D1%26y%3D2',
      },
    ]);
  });

  it.each([
    ['ja', true],
    ['zh', true],
    ['en', false],
    ['de', false],
  ] as const)('LINE for %s: %s', (locale, offered) => {
    expect(buildShareLinks(page, locale).some((link) => link.network === 'line')).toBe(offered);
  });

  it('keeps a URL and title full of separators inside their own parameters', () => {
    const tricky = { url: 'https://x.test/?a=1#b c&u=https://evil.example', title: 'a&u=evil#x' };
    const links = Object.fromEntries(buildShareLinks(tricky, 'en').map((link) => [link.network, new URL(link.href)]));
    expect([...links.facebook!.searchParams]).toEqual([['u', tricky.url]]);
    expect([...links.x!.searchParams]).toEqual([
      ['url', tricky.url],
      ['text', tricky.title],
    ]);
    expect([...links.reddit!.searchParams]).toEqual([
      ['url', tricky.url],
      ['title', tricky.title],
    ]);
    expect(links.whatsapp!.searchParams.get('text')).toBe(`${tricky.title} ${tricky.url}`);
  });
});
