// Small JSON files in the data folder that name a live process and what it holds or offers: the
// owner of the embedded PostgreSQL (db/embedded-postgres.ts) and the address of the running API
// (api-address.ts). Each is written whole and counts only while the process it names is alive,
// so a file that a killed process left behind is ignored, not believed.
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Names this process in `file`, with `fields`; written whole (rename), so a reader never sees half a file. */
export async function writeProcessFile(file: string, fields: Record<string, unknown>): Promise<void> {
  const temporary = `${file}.${process.pid}`;
  await writeFile(temporary, `${JSON.stringify({ pid: process.pid, ...fields, since: new Date().toISOString() })}\n`);
  await rename(temporary, file);
}

/** What `file` says, when the process it names is alive; null otherwise (no file, an unreadable one, a dead process). */
export async function readProcessFile(file: string): Promise<({ pid: number } & Record<string, unknown>) | null> {
  try {
    const fields = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    const pid = Number(fields.pid);
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
    return { ...fields, pid };
  } catch {
    return null;
  }
}

/** Removes `file` if it still names this process (another may have taken over since). */
export async function removeProcessFile(file: string): Promise<void> {
  if ((await readProcessFile(file))?.pid === process.pid) await unlink(file).catch(() => {});
}
