import { logStream } from '../../src/logging';
import type { Environment } from '../../src/config/environment';

/** One line of the app's log (pino's JSON record). */
export interface AppLogRecord {
  level: number;
  msg?: string;
  context?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/** pino's level numbers: 30 info, 40 warn, 50 error, 60 fatal. */
export const LOG_LEVEL = { info: 30, warn: 40, error: 50 } as const;

export interface AppLog {
  /** Every record written since the capture began. */
  records(): AppLogRecord[];
  /**
   * What the app logged while `run` made `requests` HTTP requests, up to their `request completed`
   * lines (Fastify writes them once the answer has gone out, so they may come after `run` ends).
   */
  during<T>(requests: number, run: () => Promise<T>): Promise<{ result: T; records: AppLogRecord[] }>;
}

/**
 * The app's whole log (Nest's logger, Fastify's request lines, everything on the root logger),
 * read from the logger's stream instead of stdout. The app must log at the level to be read:
 * `createTestApp({ env: { LOG_LEVEL: 'info' } })` (the test default, silent, writes nothing).
 */
export function captureAppLog(t: { environment: Environment }): AppLog {
  const stream = logStream(t.environment);
  const records: AppLogRecord[] = [];
  let completed = 0;
  stream.write = (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (!line.trim()) continue;
      const record = JSON.parse(line) as AppLogRecord;
      if (record.msg === 'request completed') completed++;
      records.push(record);
    }
    return true;
  };
  return {
    records: () => [...records],
    async during(requests, run) {
      const from = records.length;
      const until = completed + requests;
      const result = await run();
      const deadline = Date.now() + 5_000;
      while (completed < until) {
        if (Date.now() > deadline) throw new Error(`the app logged ${requests - (until - completed)} of ${requests} completed requests within 5 s`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { result, records: records.slice(from) };
    },
  };
}
