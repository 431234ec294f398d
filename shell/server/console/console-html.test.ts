import { html, Markup } from './console-html.ts';

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
