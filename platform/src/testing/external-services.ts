/**
 * Real services for the suites that need them: a PostgreSQL server and a Redis server, named by
 * TEST_DATABASE_URL and TEST_REDIS_URL. In CI (CI=true) a missing one is an error, never a silent skip.
 */
export function readServiceUrl(name: 'TEST_DATABASE_URL' | 'TEST_REDIS_URL'): string | undefined {
  const value = process.env[name];
  if (!value && process.env.CI === 'true') throw new Error(`${name} must be set in CI (.ci/run starts the server)`);
  return value;
}
