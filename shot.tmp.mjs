import { chromium } from 'playwright';
const [,, url, out, width = '1280', full = 'full', action = ''] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(url, { waitUntil: 'networkidle' });
if (action === 'services') await page.getByRole('button', { name: /Supported|対応|Unterstützte/ }).click();
if (action === 'menu') { await page.getByRole('button', { name: /Menu|メニュー/ }).click(); await page.locator('[aria-expanded="false"]').filter({ hasText: /Popular|人気/ }).first().click(); }
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full === 'full' });
await browser.close();
