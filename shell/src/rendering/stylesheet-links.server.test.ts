import { describe, expect, it } from '@jest/globals';
import { renderStylesheetLink } from './stylesheet-links.server.ts';

describe('renderStylesheetLink', () => {
  it('names the chunk a stylesheet belongs to, as the container runtime looks for it', () => {
    expect(renderStylesheetLink('/static/shell/0.1.0-abc/709.fe88602b36.css', 'shell')).toBe(
      '<link rel="stylesheet" href="/static/shell/0.1.0-abc/709.fe88602b36.css" data-rspack="shell:chunk-709">',
    );
    expect(renderStylesheetLink('https://cdn.example/static/mf-checkout/0.1.0-f1/218.11c19e137d.css', 'mf_checkout')).toContain(
      'data-rspack="mf_checkout:chunk-218"',
    );
  });

  it('links a file that is not a chunk stylesheet without a marker', () => {
    expect(renderStylesheetLink('/static/shell/v/theme.css', 'shell')).toBe('<link rel="stylesheet" href="/static/shell/v/theme.css">');
    expect(renderStylesheetLink('/x.css?"><script>', 'shell')).toBe('<link rel="stylesheet" href="/x.css?&quot;&gt;&lt;script&gt;">');
  });
});
