// CSS modules in tests: each class name maps to itself, so markup stays readable.
export default new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
