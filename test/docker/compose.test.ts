// compose.yaml against the configuration (issue 12, "Docker and compose start"): each service
// built from the image gets, with the image's own ENV, an environment the service accepts in
// production, WEBHOOK_SECRET_KEY included (it once lacked it, and the service exited 2 in a
// restart loop); it runs one of the service's roles, and its health check asks /readyz on the
// port that role listens on.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.ts';
import { loadSecretBox } from '../../src/secret-key.ts';
import { ROOT } from '../cli/run-cli.ts';
import { runtimeStage, stageEnv } from './dockerfile.ts';

interface ComposeService {
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
}

const compose = parse(readFileSync(`${ROOT}compose.yaml`, 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const imageServices = Object.entries(compose.services).filter(([, service]) => service.build === '.');

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?message}` from `shell`. */
function interpolate(value: string, shell: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind: string | undefined, rest: string) => {
    const set = shell[name];
    if (set !== undefined && set !== '') return set;
    if (kind === '?') throw new Error(`compose refuses to start: ${rest}`);
    return kind === '-' ? rest : '';
  });
}

function environmentOf(service: ComposeService, shell: Record<string, string>): Record<string, string> {
  const own = Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), shell)]));
  return { ...stageEnv(runtimeStage()), ...own };
}

const shell = { WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') };

describe('compose.yaml', () => {
  it('runs the image as an API and a worker', () => {
    expect(imageServices.map(([, service]) => service.command?.slice(-1)[0]).sort()).toEqual(['api', 'worker']);
  });

  for (const [name, service] of imageServices) {
    describe(`service ${name}`, () => {
      it('has an environment the service accepts in production, the webhook secret key included', async () => {
        const config = loadConfig(environmentOf(service, shell));
        expect(config.environment).toBe('production');
        expect(config.databaseUrl).toMatch(/^postgresql:\/\/.+@postgres:5432\//);
        expect(config.redisUrl).toBe('redis://redis:6379');
        await expect(loadSecretBox(config)).resolves.toBeDefined();
      });

      it('runs a role of the service, and its health check asks /readyz on the port that role listens on', () => {
        expect(service.command?.slice(0, 2)).toEqual(['node', 'src/cli.ts']);
        const config = loadConfig(environmentOf(service, shell));
        expect(service.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${config.port}/readyz`);
      });

      it('refuses to start, with the command that makes one, when WEBHOOK_SECRET_KEY is not set', () => {
        expect(() => environmentOf(service, {})).toThrow('compose refuses to start: set WEBHOOK_SECRET_KEY to the base64 of 32 random bytes (openssl rand -base64 32)');
      });
    });
  }
});
