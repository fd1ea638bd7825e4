import type { Params } from 'nestjs-pino';
import type { Environment } from './config/environment';

/** Header and body fields that carry secrets: never written to the log. */
const REDACT = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.accessToken',
  '*.refreshToken',
  '*.rawKey',
  '*.secret',
];

/**
 * Structured JSON logs (pino), one line per request except health probes. A person running the
 * service in a terminal outside production gets the same records pretty-printed.
 */
export function loggerOptions(env: Environment, interactive = Boolean(process.stdout.isTTY)): Params {
  const pretty = interactive && env.NODE_ENV !== 'production';
  return {
    pinoHttp: {
      level: env.LOG_LEVEL,
      ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname,service,context', messageFormat: '{if context}[{context}] {end}{msg}', translateTime: 'SYS:HH:MM:ss' } } } : {}),
      redact: { paths: REDACT, censor: '[redacted]' },
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health') },
      customProps: () => ({ service: 'social-post-scheduler' }),
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      },
    },
  };
}
