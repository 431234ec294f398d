/**
 * `node e2e/build-versions.ts`: makes (or finds kept) every build the test site needs before it starts
 * (docs/testing.md "Builds kept between runs"), so `.ci/run` can make them while the checks run. With
 * `E2E_BUILT_RELEASES_DIR` set the apps as they are come from there, as in start-test-site.ts, and only the fixture
 * versions are built. `--one <name>` makes one build in this process and prints its outcome as the last line (the
 * form `buildVersions` runs two at a time).
 */
import { buildOne, buildVersions, listBuildNames, type BuildName } from './fixture-builds.ts';

const [flag, name] = process.argv.slice(2);
if (flag === '--one' && name) {
  console.log(JSON.stringify(await buildOne(name as BuildName)));
} else {
  const started = performance.now();
  const outcomes = await buildVersions(listBuildNames(!process.env.E2E_BUILT_RELEASES_DIR));
  const reused = [...outcomes.values()].filter((outcome) => outcome.reused).length;
  console.log(`${outcomes.size} builds for the journeys (${reused} kept from an earlier run) in ${Math.round(performance.now() - started) / 1000} s`);
}
