// Applies the plain SQL files in migrations/ with node-pg-migrate: forward only, one
// transaction per file, serialised across processes by its advisory lock.
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

export async function migrate(databaseUrl: string, log: (msg: string) => void = () => {}): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'schema_migrations',
    checkOrder: true,
    advisoryLockMode: 'wait',
    log: () => {},
    logger: { debug() {}, info() {}, warn: log, error: log },
  });
  return applied.map((m) => m.name);
}
