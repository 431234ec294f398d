/** `npm run edge:vcl`: writes ops/varnish/site.vcl from the host's rules (docs/operations.md "Varnish in front"). */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderSiteVcl, SITE_VCL_PATH } from '../server/page-cache/edge-vcl.ts';

const target = path.join(import.meta.dirname, '..', '..', SITE_VCL_PATH);
await writeFile(target, renderSiteVcl());
process.stdout.write(`wrote ${SITE_VCL_PATH}\n`);
