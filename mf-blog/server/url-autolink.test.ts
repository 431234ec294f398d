import { describe, expect, it } from '@jest/globals';
import { Marked } from 'marked';
import { URL_AUTOLINK } from './url-autolink.ts';

const marked = new Marked({ gfm: true }).use(URL_AUTOLINK);
const render = (markdown: string) => marked.parseInline(markdown, { async: false }) as string;

describe('bare address autolinks end where the URL ends', () => {
  it.each([
    [
      'ja, site URL before の',
      'http://127.0.0.1:8210のウェブサイト（以下「本ウェブサイト」といいます）',
      '<a href="http://127.0.0.1:8210">http://127.0.0.1:8210</a>のウェブサイト（以下「本ウェブサイト」といいます）',
    ],
    [
      'ja, full-width parenthesis',
      '本ウェブサイト（https://example.com/ja）',
      '本ウェブサイト（<a href="https://example.com/ja">https://example.com/ja</a>）',
    ],
    ['ja, full stop', 'https://example.com/help?q=1。次へ', '<a href="https://example.com/help?q=1">https://example.com/help?q=1</a>。次へ'],
    ['zh, full-width comma', '访问https://example.com/zh，了解更多', '访问<a href="https://example.com/zh">https://example.com/zh</a>，了解更多'],
    ['zh, www address before 的', 'www.example.com的网站', '<a href="http://www.example.com">www.example.com</a>的网站'],
    ['zh, e-mail before 。', '请写信至support@example.com。', '请写信至<a href="mailto:support@example.com">support@example.com</a>。'],
    ['en, sentence full stop', 'See https://example.com/docs.', 'See <a href="https://example.com/docs">https://example.com/docs</a>.'],
    ['en, quoted', 'Open "https://example.com/a" now', 'Open &quot;<a href="https://example.com/a">https://example.com/a</a>&quot; now'],
    ['en, curly quotes', 'Open “https://example.com/a” now', 'Open “<a href="https://example.com/a">https://example.com/a</a>” now'],
    [
      'en, every URL character kept',
      "https://example.com/a-b_c.d~e/f?g=h&i=j;k=l+m,n*o!p$q'r(s)@t[u]:v%20w#x",
      `<a href="https://example.com/a-b_c.d~e/f?g=h&amp;i=j;k=l+m,n*o!p$q&#39;r(s)@t%5Bu%5D:v%20w#x">https://example.com/a-b_c.d~e/f?g=h&amp;i=j;k=l+m,n*o!p$q&#39;r(s)@t[u]:v%20w#x</a>`,
    ],
    [
      'en, balanced parentheses',
      'Read https://en.wikipedia.org/wiki/MKV_(format) first',
      'Read <a href="https://en.wikipedia.org/wiki/MKV_(format)">https://en.wikipedia.org/wiki/MKV_(format)</a> first',
    ],
  ])('%s', (_case, markdown, html) => {
    expect(render(markdown)).toBe(html);
  });

  it('leaves addresses in angle brackets and written links whole', () => {
    expect(render('<https://example.com/日本>')).toBe('<a href="https://example.com/%E6%97%A5%E6%9C%AC">https://example.com/日本</a>');
    expect(render('[本サイト](https://example.com/ja/)について')).toBe('<a href="https://example.com/ja/">本サイト</a>について');
  });
});
