// The service's OpenAPI document as GET /v1/openapi.json serves it, built from the app itself
// with no database (the pool is made but never connects): the one source of the SDK's types.
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createPool } from '../../src/db/pool.ts';
import { SecretBox } from '../../src/domain/secrets.ts';

/** The served document, with the server URL of a default configuration. */
export async function serviceDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({ DATABASE_URL: 'postgresql://127.0.0.1:1/unused' });
  const pool = createPool(config.databaseUrl!, 1);
  const app = await buildApp({ config, pool, secretBox: new SecretBox(Buffer.alloc(32)) });
  try {
    await app.ready();
    return structuredClone(app.swagger()) as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await pool.end();
  }
}
