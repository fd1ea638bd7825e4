// Guards a data directory against two servers at once. The lock file holds the owner's pid;
// a lock whose pid is no longer alive (the owner was kill -9'd) is taken over.
import * as fs from 'node:fs';
import * as path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'mongod.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return () => {
        fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      // Only a dead owner makes the lock stale; our own pid means another server in this
      // process (possibly in another worker thread) has the directory open.
      const stale = !Number.isFinite(pid) || !alive(pid);
      if (!stale) throw new Error(`data directory ${dataDir} is in use by process ${pid} (${file})`);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock data directory ${dataDir}`);
}
