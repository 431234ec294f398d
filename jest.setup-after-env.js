// Matchers like toHaveTextContent and toBeInTheDocument for component tests.
import '@testing-library/jest-dom/jest-globals';
