// Where the running service's API answers, for the commands that call it (`clubdata receive
// --key`, `clubdata mirror`), found the way the commands find the embedded PostgreSQL: a process
// serving the API records the address it listens on in the data folder (`api.json`, beside
// `postgres.owner`) once it listens, and removes it when it stops. A command given no --api
// calls the address a live service recorded, else PUBLIC_URL (default http://127.0.0.1:3000).
import { mkdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config.ts';
import { readProcessFile, removeProcessFile, writeProcessFile } from './process-files.ts';

export interface ApiAddress {
  /** The base URL, without a trailing slash. */
  url: string;
  /** How the address was found, for the message when nothing answers there. */
  origin: string;
}

function apiAddressFile(dataDir: string): string {
  return join(dataDir, 'api.json');
}

/**
 * Records `url` as this process's API address; the function returned removes the record, if it
 * is still this process's, and the data folder too when the record made it and it is empty again
 * (a service on an external database leaves no folder behind).
 */
export async function recordApiAddress(dataDir: string, url: string): Promise<() => Promise<void>> {
  const file = apiAddressFile(dataDir);
  const made = await mkdir(dataDir, { recursive: true });
  await writeProcessFile(file, { url });
  return async () => {
    await removeProcessFile(file);
    if (made) await rmdir(dataDir).catch(() => {}); // not empty: something else keeps it
  };
}

/**
 * The API a command calls: `given` (the --api option) when there is one, else the address a live
 * service recorded in the data folder, else PUBLIC_URL. Throws RangeError for a malformed --api.
 */
export async function findApi(given: string | undefined, config: Config): Promise<ApiAddress> {
  if (given !== undefined) {
    const url = given.trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^\s/]+$/.test(url)) throw new RangeError("--api must be the service's base URL, such as http://127.0.0.1:3000");
    return { url, origin: 'given with --api' };
  }
  const file = apiAddressFile(config.dataDir);
  const recorded = await readProcessFile(file);
  if (typeof recorded?.url === 'string') return { url: recorded.url, origin: `recorded in ${file} by the service in process ${recorded.pid}` };
  return { url: config.publicUrl, origin: `the default (PUBLIC_URL): no running service is recorded in ${file}` };
}

/** One line for people: nothing answered at the API's address. */
export function describeUnreachable(api: ApiAddress, cause: string): string {
  return `no service answers at ${api.url} (${cause}); that address is ${api.origin}. Start the service (npm start), or say where it runs with --api URL`;
}

/** Why a fetch() got no answer, in a word when there is one (ECONNREFUSED). */
export function connectionCause(error: unknown): string {
  const reason = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return reason?.code ?? reason?.message ?? (error instanceof Error ? error.message : String(error));
}
