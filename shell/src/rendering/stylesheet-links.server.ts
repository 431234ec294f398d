import { escapeHtml } from './html-text.ts';

/** A CSS chunk's file as the builds name it (`[id].[contenthash:10].css`, rspack.base.ts). */
const CSS_CHUNK_FILE = /\/([\w-]+)\.[0-9a-f]{10}\.css$/;

/**
 * The `<link>` of a stylesheet the document carries from the start. A container's CSS loading runtime looks
 * for `data-rspack="<container>:chunk-<id>"` before it adds a chunk's stylesheet: with it, a chunk the page
 * then loads finds its styles in place, and the browser neither parses the sheet again nor restyles the page
 * for it (docs/routing.md "Starting in the browser").
 */
export function renderStylesheetLink(href: string, container: string): string {
  const chunk = CSS_CHUNK_FILE.exec(href)?.[1];
  const marker = chunk ? ` data-rspack="${escapeHtml(`${container}:chunk-${chunk}`)}"` : '';
  return `<link rel="stylesheet" href="${escapeHtml(href)}"${marker}>`;
}
