// An async boundary so the federation runtime can provide shared singletons before the app starts. The import
// waits for a task of its own: the first paint is not held behind loading the shared modules (docs/routing.md "Starting in the browser").
setTimeout(() => void import('./bootstrap.client.tsx'), 0);
