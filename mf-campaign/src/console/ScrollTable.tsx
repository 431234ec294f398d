import type { ReactNode } from 'react';

/**
 * A table of the section in a region that scrolls sideways on a narrow screen (reachable by keyboard, named for
 * screen readers): by a caption read only by them (`caption`), or by the heading above it (`labelledBy`).
 */
export function ScrollTable({
  caption,
  labelledBy,
  head,
  children,
}: {
  caption?: string;
  labelledBy?: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="scroll" role="region" tabIndex={0} aria-label={caption} aria-labelledby={labelledBy}>
      <table>
        {caption && <caption className="skip">{caption}</caption>}
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
