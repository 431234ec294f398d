import { chromium } from '@playwright/test';
import { computeTotp } from './mf-account/server/testing/totp.ts';

const BASE = 'http://127.0.0.1:42760';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
await page.goto(`${BASE}/console/sign-in`);
await page.fill('#email', 'cm@dev.test');
await page.fill('#password', 'Console2026keep');
await page.click('form[action="/console/sign-in"] button[type=submit]');
console.log('after sign-in', page.url());
if (page.url().endsWith('/console/enrol')) {
  await page.fill('#password', 'Console2026keep');
  await page.click('form[action="/console/enrol"] button[type=submit]');
  const uri = (await page.locator('details code').textContent())!;
  await page.fill('#code', computeTotp(uri));
  await page.click('form[action="/console/enrol/confirm"] button[type=submit]');
  console.log('enrolled', page.url());
}
const id = `spring-${Date.now().toString(36)}`;
await page.goto(`${BASE}/console/campaign/campaigns/new`);
await page.fill('#id', id);
await page.selectOption('#nameKey', 'msbf');
await page.selectOption('#navTitleKey', 'msbf_nav');
await page.check('#isImportant');
await page.click('form[action$="/create"] button[type=submit]');
console.log('created', page.url());
await page.fill('#code', 'SPRING30');
await page.fill('#amount', '30');
await page.fill('#minPrice', '79.90');
await page.click('form[action$="/coupon"] button[type=submit]');
console.log('coupon', page.url());
// a refused coupon form to see the problems
await page.fill('#code', 'x');
await page.fill('#amount', '-1');
await page.click('form[action$="/coupon"] button[type=submit]');
await page.screenshot({ path: '/tmp/campsec/shots/problems-en-1280.png', fullPage: true });
const banner = await (await fetch(`${BASE}/netflix-downloader`)).text();
console.log('banner campaign', /id="rk-campaign-banner"[^>]*data-campaign="([^"]+)"/.exec(banner)?.[1]);
for (const width of [1280, 390]) {
  await page.setViewportSize({ width, height: 900 });
  for (const lang of ['en', 'de']) {
    await page.goto(`${BASE}/console/campaign/campaigns?lang=${lang}`);
    await page.screenshot({ path: `/tmp/campsec/shots/list-${lang}-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/console/campaign/campaigns/campaign?id=${id}&preview=${lang}&lang=${lang}`);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/campsec/shots/detail-${lang}-${width}.png`, fullPage: true });
  }
}
const audit = await page.goto(`${BASE}/console/audit?q=${id}`);
await page.setViewportSize({ width: 1280, height: 900 });
await page.screenshot({ path: '/tmp/campsec/shots/audit.png', fullPage: true });
await browser.close();
