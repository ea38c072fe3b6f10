// The key that seals webhook secrets. WEBHOOK_SECRET_KEY (base64 of 32 bytes) in production;
// in development, when unset, a key generated once and kept in the data folder, so `npm start`
// needs no configuration and a restart can still open the secrets it sealed.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError, type Config } from './config.ts';
import { SecretBox } from './domain/secrets.ts';

export async function loadSecretBox(config: Config): Promise<SecretBox> {
  if (config.webhookSecretKey) return new SecretBox(config.webhookSecretKey);
  if (config.environment !== 'development') {
    throw new ConfigError('WEBHOOK_SECRET_KEY is required outside development (base64 of 32 random bytes: openssl rand -base64 32)');
  }
  const file = join(config.dataDir, 'webhook-secret.key');
  if (!existsSync(file)) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
  }
  return new SecretBox(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64'));
}
