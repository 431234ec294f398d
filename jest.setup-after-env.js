// Matchers like toHaveTextContent and toBeInTheDocument for component tests.
import '@testing-library/jest-dom/jest-globals';

// jsdom's Performance has no User Timing; the shell marks its hydration with it (as every browser allows).
if (typeof window !== 'undefined' && typeof performance.mark !== 'function') {
  performance.mark = () => undefined;
}
