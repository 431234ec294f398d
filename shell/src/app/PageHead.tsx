import { createElement } from 'react';
import { DEFAULT_LOCALE, type PagePayload } from '@reelkeep/shared-contracts';
import { splitLocale } from '../routing/locale-path.ts';
import { buildHeadTags, buildStructuredData } from '../rendering/head-tags.ts';
import { useHeadInTree } from './AppProviders.tsx';
import { useFrameData } from './frame-data.ts';

/** React's names for the head's attributes. */
const REACT_ATTRIBUTES: Record<string, string> = { hreflang: 'hrefLang' };

/**
 * The page head and structured data of the page on screen (docs/routing.md "Page head"). In the browser React
 * renders the head tags and hoists them into `<head>`, so a client navigation leaves the same head the server
 * would send for that URL; on the server the document's head is written from the same tags. JSON-LD stays in
 * the body, where search engines read it too.
 */
export function PageHead({ payload, pathname }: { payload: PagePayload; pathname: string }) {
  const headInTree = useHeadInTree();
  const { siteUrl } = useFrameData();
  const split = splitLocale(pathname);
  const tags = headInTree
    ? buildHeadTags({ head: payload.head, status: payload.status, locale: split?.locale ?? DEFAULT_LOCALE, path: split?.path ?? '/', siteUrl })
    : [];
  return (
    <>
      {tags.map(({ tag, attributes, text }) =>
        createElement(
          tag,
          {
            key: `${tag}:${attributes.name ?? attributes.property ?? attributes.rel ?? ''}:${attributes.hreflang ?? ''}`,
            ...Object.fromEntries(Object.entries(attributes).map(([name, value]) => [REACT_ATTRIBUTES[name] ?? name, value])),
          },
          text,
        ),
      )}
      {buildStructuredData(payload.head).map((json, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
      ))}
    </>
  );
}
