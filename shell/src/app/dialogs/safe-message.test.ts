import { describe, expect, it } from '@jest/globals';
import { escapeHtml, toSafeMessageHtml } from './safe-message.ts';

describe('toSafeMessageHtml: the allowed inline tags stay, everything else is text', () => {
  it.each([
    ['Code <b>{{code}}</b> copied', { code: 'REEL20' }, 'Code <b>REEL20</b> copied'],
    ['Line one<br/>line two', {}, 'Line one<br>line two'],
    ['<STRONG>Save</Strong> now', {}, '<strong>Save</strong> now'],
    ['<em>Only</em> <i>today</i>', {}, '<em>Only</em> <i>today</i>'],
    ['Hello {{name}}', { name: '<img src=x onerror=alert(1)>' }, 'Hello &lt;img src=x onerror=alert(1)&gt;'],
    ['Hi {{name}}', { name: '<b>bold</b>' }, 'Hi &lt;b&gt;bold&lt;/b&gt;'],
    ['<script>alert(1)</script>', {}, '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<b onclick="x()">x</b>', {}, '&lt;b onclick=&quot;x()&quot;&gt;x</b>'],
    ['<a href="https://evil.example">win</a>', {}, '&lt;a href=&quot;https://evil.example&quot;&gt;win&lt;/a&gt;'],
    ['{{missing}} stays', {}, '{{missing}} stays'],
    ['Tom & Jerry’s "deal"', {}, 'Tom &amp; Jerry’s &quot;deal&quot;'],
    ['{{count}} left', { count: 3 }, '3 left'],
  ])('%s with %j → %s', (template, values, html) => expect(toSafeMessageHtml(template, values)).toBe(html));
});

describe('escapeHtml', () => {
  it.each([
    [`<>&"'`, '&lt;&gt;&amp;&quot;&#39;'],
    ['plain', 'plain'],
  ])('%s → %s', (text, escaped) => expect(escapeHtml(text)).toBe(escaped));
});
