import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * docs/operations.md "One process per embedded database": PGlite is a database inside one process, and a
 * second process that opens the same folder (a script run beside the running site) writes behind the first
 * one's back and can corrupt it. Whoever opens the folder holds `<folder>.lock`, naming its pid, until it
 * closes; a lock whose process is gone (a crash, a SIGKILL) is taken over.
 */
export class EmbeddedDatabaseInUseError extends Error {
  readonly dataDir: string;
  readonly ownerPid: number;

  constructor(dataDir: string, ownerPid: number) {
    super(
      `the embedded database ${dataDir} is open in process ${ownerPid} (a running site?): ` +
        'stop that process first, or set DATABASE_URL to share a PostgreSQL server between processes',
    );
    this.name = 'EmbeddedDatabaseInUseError';
    this.dataDir = dataDir;
    this.ownerPid = ownerPid;
  }
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads the pid a lock file names, or undefined when the file is gone or unreadable. */
function readOwner(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of an embedded database folder for this process, or throws EmbeddedDatabaseInUseError.
 * Returns the release function (idempotent; also run when the process exits).
 */
export function lockEmbeddedDatabase(dataDir: string, isAlive: (pid: number) => boolean = isProcessAlive): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        // Only our own lock is removed: a lock taken over after we died belongs to someone else.
        if (readOwner(lockFile) === process.pid) unlinkSync(lockFile);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockFile);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw new EmbeddedDatabaseInUseError(dataDir, owner);
      if (owner === process.pid) throw new EmbeddedDatabaseInUseError(dataDir, owner);
      // The owner is gone: its lock is stale. Remove it and try once more (a racing taker wins with 'wx').
      try {
        unlinkSync(lockFile);
      } catch {
        // Another process removed it first.
      }
    }
  }
  const owner = readOwner(lockFile);
  throw new EmbeddedDatabaseInUseError(dataDir, owner ?? 0);
}
