import { html, Markup, styleSheet } from './console-html.ts';
import { formatConsoleTime } from './console-time.ts';
import { renderConsoleDocument } from './console-pages.ts';

describe('console markup', () => {
  it('escapes text and attribute values', () => {
    const name = `<script>alert("x")</script>&'`;
    expect(html`<p title="${name}">${name}</p>`.toString()).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>',
    );
  });

  it('keeps markup it made, in arrays too, and drops empty values', () => {
    const items = ['a<', 'b'].map((item) => html`<li>${item}</li>`);
    const list = html`<ul>
      ${items}${null}${false}${undefined}
    </ul>`.toString();
    expect(list.replace(/\s+/g, '')).toBe('<ul><li>a&lt;</li><li>b</li></ul>');
    expect(html`${new Markup('<b>')}`.toString()).toBe('<b>');
  });
});

describe('the console stylesheet', () => {
  it('reaches the browser as CSS, not as escaped text: quoted font names and child selectors intact', () => {
    const page = renderConsoleDocument({ t: (key: string) => key, locale: 'en', nonce: 'n' }, 'Title', html`<p>x</p>`);
    const style = /<style nonce="n">([\s\S]*?)<\/style>/.exec(page)![1]!;
    expect(style).toContain("'Liberation Sans'");
    expect(style).toContain('main>section');
    expect(style).not.toMatch(/&#39;|&gt;|&quot;|&amp;/);
  });

  it('refuses a stylesheet that could end its element', () => {
    expect(() => styleSheet('p{color:red}</style><script>')).toThrow();
    expect(styleSheet('a>b{}').toString()).toBe('a>b{}');
  });
});

describe('times in the console', () => {
  it('reads PostgreSQL’s text form with a short offset, in the reader’s language, in UTC', () => {
    const shown = formatConsoleTime('2026-11-28 18:16:18.369+00', 'de').toString();
    expect(shown).toContain('datetime="2026-11-28T18:16:18.369Z"');
    expect(shown).toContain('28.11.2026');
    expect(shown).toContain('UTC');
    expect(formatConsoleTime('2026-11-28T18:16:18Z', 'en').toString()).toContain('Nov 28, 2026');
  });
});
