import {
  CLIENT_IP_HEADER,
  downloadLinkQuery,
  OPTION_IDS,
  oncePerContext,
  productInfoQuery,
  readInput,
  respondJson,
} from '@reelkeep/shared-contracts';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { describeInstall, findInstaller, findProductById } from '../src/catalogue/products.ts';
import type { LandingSettings } from './settings.ts';

/** Installer names are file names: letters, digits, dots and hyphens. */
const INSTALLER_PATTERN = /^[a-z0-9][a-z0-9.-]{2,80}$/;
/** DOWNLOAD_REPORT_RATE_LIMIT reports per client address in this window. */
const DOWNLOAD_REPORT_WINDOW_MS = 10 * 60_000;

const downloadReportLimiter = oncePerContext((context: HostContext<LandingSettings>) =>
  context.createRateLimiter('download-report', context.settings.DOWNLOAD_REPORT_RATE_LIMIT, DOWNLOAD_REPORT_WINDOW_MS),
);

/**
 * `GET /product/info?product_id=` (docs/routing.md "Server paths"): `cscode` 200 with `data.soft_version` (the Mac build's for the
 * Mac option id 10781, else the Windows build's) and `soft_version_mac`, for a product id or an option id (`data.product_id` is the
 * id asked for); a malformed id is 400, an unknown one 404.
 */
export const productInfoRoute: ApiRoute<LandingSettings> = {
  method: 'GET',
  path: '/product/info',
  async handle(request) {
    const input = await readInput(request, productInfoQuery);
    if (!input.ok) return respondJson({ cscode: 400, msg: 'product_id must be a number', problems: input.problems }, 400);
    const productId = input.data.product_id;
    const product = findProductById(productId);
    if (!product) return respondJson({ cscode: 404, msg: `no product ${productId}` }, 404);
    // The Mac app asks with the Mac option id and reads `soft_version`: that answer names the Mac build's version.
    const softVersion = productId === OPTION_IDS.mac ? product.softVersion.mac : product.softVersion.win;
    return respondJson(
      {
        cscode: 200,
        data: { product_id: productId, name: product.name, soft_version: softVersion, soft_version_mac: product.softVersion.mac },
      },
      200,
      { 'cache-control': 'public, max-age=600' },
    );
  },
};

/**
 * `GET /mlink?p=<installer>` (docs/routing.md "Server paths"): records the download report (installer, product id,
 * app id, package name, download and target URLs: docs/tracking.md "Downloads") and sends the visitor to
 * the installer on the download host of the settings (DOWNLOAD_BASE_URL). Not one of the catalogue's installers: 404.
 * A client address past DOWNLOAD_REPORT_RATE_LIMIT reports in 10 minutes still gets its download, without a report
 * (docs/security.md "Reports anyone can send").
 */
export const downloadLinkRoute: ApiRoute<LandingSettings> = {
  method: 'GET',
  path: '/mlink',
  async handle(request, context) {
    const { db, settings, logger } = context;
    const input = await readInput(request, downloadLinkQuery);
    if (!input.ok) return respondJson({ cscode: 400, msg: 'p must be an installer name', problems: input.problems }, 400);
    const installer = input.data.p;
    const match = INSTALLER_PATTERN.test(installer) ? findInstaller(installer) : undefined;
    if (!match) return respondJson({ cscode: 404, msg: 'unknown installer' }, 404);
    const target = new URL(installer, settings.DOWNLOAD_BASE_URL).href;
    try {
      const limit = await downloadReportLimiter(context).hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
      if (!limit.allowed) return redirectTo(target);
      const install = describeInstall(match.product, match.os);
      await db.query(
        `INSERT INTO landing.download_reports (installer, product_id, os, target_url, referer_url, user_agent, app_id, package_name, download_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          installer,
          install.pid,
          match.os,
          target,
          request.headers.get('referer')?.slice(0, 500) ?? null,
          request.headers.get('user-agent')?.slice(0, 300) ?? null,
          install.appId,
          install.packageName,
          // The download link as the site writes it: only `p`, so nothing else a link carried is stored.
          `/mlink?${new URLSearchParams({ p: installer })}`,
        ],
      );
    } catch (error) {
      // docs/tracking.md "Failures are ignored": reporting failures are ignored; the download goes on.
      logger.warn('download report not stored', { installer, error });
    }
    return redirectTo(target);
  },
};

/** The download itself, with or without a report. */
function redirectTo(target: string): Response {
  return new Response(null, { status: 302, headers: { location: target, 'cache-control': 'no-store' } });
}
