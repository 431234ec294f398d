/**
 * `npm run render:images`: renders the app window illustration (media/app-window.svg) to AVIF, WebP and
 * PNG at two widths for the product page's <picture>; the outputs are committed in mf-landing/public.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Widths the product page offers (1× and 2× of its 640 px slot). */
export const APP_WINDOW_WIDTHS = [640, 1280] as const;

const source = await readFile(path.join(import.meta.dirname, 'app-window.svg'));
const publicDir = path.join(import.meta.dirname, '..', 'public');
for (const width of APP_WINDOW_WIDTHS) {
  const image = sharp(source, { density: 300 }).resize({ width });
  await image
    .clone()
    .avif({ quality: 55 })
    .toFile(path.join(publicDir, `app-window-${width}.avif`));
  await image
    .clone()
    .webp({ quality: 78 })
    .toFile(path.join(publicDir, `app-window-${width}.webp`));
  await image
    .clone()
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, `app-window-${width}.png`));
  console.log(`rendered app-window-${width}.{avif,webp,png}`);
}
