import { createContext, useContext } from 'react';
import type { FrameData } from '@reelkeep/shared-contracts';

/** Navigation and footer data of the page's locale. */
export const FrameDataContext = createContext<FrameData>({
  locale: 'en',
  siteUrl: 'http://localhost:3000',
  catalogue: { groups: [], adultPage: null },
  articles: [],
});

/** Reads the frame data. */
export function useFrameData(): FrameData {
  return useContext(FrameDataContext);
}
