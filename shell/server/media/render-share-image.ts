/**
 * `npm run render:images`: draws the site's default share image (Open Graph, 1200 × 630 PNG) from SVG;
 * the output is committed in shell/server/public/og-image.png.
 */
import path from 'node:path';
import sharp from 'sharp';

const SHARE_IMAGE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1d1650"/><stop offset="0.55" stop-color="#4527d9"/><stop offset="1" stop-color="#8f6bff"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1040" cy="90" r="260" fill="#ffffff" opacity="0.06"/>
  <circle cx="1120" cy="560" r="180" fill="#ffffff" opacity="0.05"/>
  <rect x="96" y="96" width="120" height="120" rx="30" fill="#ffffff"/>
  <path d="M141 131v50l40-25z" fill="#5b3df5"/>
  <path d="M126 196h60" stroke="#5b3df5" stroke-width="7" stroke-linecap="round" opacity="0.7"/>
  <text x="96" y="360" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="112" font-weight="800" fill="#ffffff" letter-spacing="-3">ReelKeep</text>
  <rect x="96" y="420" width="560" height="14" rx="7" fill="#ffffff" opacity="0.35"/>
  <rect x="96" y="452" width="420" height="14" rx="7" fill="#ffffff" opacity="0.22"/>
</svg>`;

const output = path.join(import.meta.dirname, '..', 'public', 'og-image.png');
await sharp(Buffer.from(SHARE_IMAGE_SVG)).png({ compressionLevel: 9 }).toFile(output);
console.log(`wrote ${output}`);
