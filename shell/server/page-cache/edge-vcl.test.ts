import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderSiteVcl, SITE_VCL_PATH } from './edge-vcl.ts';

describe('the committed VCL', () => {
  it('is what `npm run edge:vcl` renders from the rules today', () => {
    const committed = readFileSync(path.join(import.meta.dirname, '..', '..', '..', SITE_VCL_PATH), 'utf8');
    expect(committed).toBe(renderSiteVcl());
  });

  it('names every tracking parameter and every variant cookie the host keys by', () => {
    const vcl = renderSiteVcl();
    for (const name of ['utm_', 'source', 'medium', 'gclid', 'fbclid', 'msclkid']) expect(vcl).toContain(name);
    for (const cookie of ['abPlanPrice', 'sidebarAB', 'resourceBannerAB', 'rk_campaign_closed']) expect(vcl).toContain(`"${cookie}"`);
  });
});
