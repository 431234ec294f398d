// One initialised, empty PGlite data folder per unit run: each database suite starts its own PGlite from it
// instead of running initdb in WebAssembly again (see platform/src/testing/databases.ts).
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export default async function createPgliteTemplate() {
  const client = new PGlite();
  await client.waitReady;
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(tmpdir(), `reelkeep-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env.REELKEEP_TEST_PGLITE_TEMPLATE = file;
}
