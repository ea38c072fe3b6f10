import pino, { type Logger } from 'pino';

// Pretty output only for a person at a terminal; JSON lines everywhere else.
export function createLogger(level: string): Logger {
  const pretty = process.stdout.isTTY;
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.authorization', '*.secret', '*.key'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
  });
}
