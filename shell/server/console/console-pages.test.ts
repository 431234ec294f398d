import { describe, expect, it } from '@jest/globals';
import { html } from './console-html.ts';
import { renderConsoleDocument } from './console-pages.ts';

/** The console's stylesheet as the browser reads it: the text of the document's one `<style>` element. */
function readStyle(document: string): string {
  return /<style nonce="n">([\s\S]*?)<\/style>/.exec(document)![1]!;
}

describe('the console document', () => {
  const document = renderConsoleDocument(
    { t: (key: string) => key, locale: 'en', nonce: 'n', actor: { id: 'u1', email: 'owner@example.com', role: 'owner' }, path: '/console/mailbox' },
    'Mailbox',
    html`<section><p>${"<b>'mail'</b>"}</p></section>`,
  );

  it('carries its stylesheet as CSS, not as escaped text: quoted font names and child selectors work', () => {
    const style = readStyle(document);
    // A <style> element's text has no character references: an escaped quote or ">" would void the rule.
    expect(style).not.toMatch(/&(#39|quot|gt|lt|amp);/);
    expect(style).toContain("--console-font:'Inter'");
    expect(style).toMatch(/main>section>:first-child/);
    expect(style).toMatch(/\.card,main>section,[^{]*\{background:#fff/);
  });

  it('still escapes what the page shows', () => {
    expect(document).toContain('&lt;b&gt;&#39;mail&#39;&lt;/b&gt;');
  });

  it('keeps the phone layout inside the screen: the one column may shrink below its content, which scrolls in its regions', () => {
    const phone = /@media \(max-width:820px\)\{([\s\S]*)\}$/.exec(readStyle(document).trim())![1]!;
    expect(phone).toContain('.layout{grid-template-columns:minmax(0,1fr);align-content:start}');
    // An order number or an address longer than a phone's width breaks instead of widening the page.
    expect(readStyle(document)).toMatch(/dd\{margin:0;[^}]*overflow-wrap:anywhere\}/);
    expect(readStyle(document)).toMatch(/main>h1\{[^}]*overflow-wrap:anywhere/);
    expect(readStyle(document)).toMatch(/\nh2\{[^}]*overflow-wrap:anywhere/);
    // A form row's field (a search box 40 characters wide) is no wider than the screen.
    expect(readStyle(document)).toContain('.row>*{max-width:100%}');
  });
});
