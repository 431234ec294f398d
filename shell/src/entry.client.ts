// An async boundary so the federation runtime can provide shared singletons before the app starts.
void import('./bootstrap.client.tsx');
