// Testing Library's DOM matchers on Jest's expect (registered in jest.setup-after-env.js).
import '@testing-library/jest-dom/jest-globals';
