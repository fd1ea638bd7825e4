import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { environmentVariableNames, unknownVariables, validateEnvironment } from './environment';

const example = readFileSync(join(__dirname, '..', '..', '.env.example'), 'utf8');
/** `NAME=value` lines of .env.example (comments excluded), in order. */
const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => ({ name, value }));

describe('.env.example', () => {
  it('lists exactly the variables the configuration reads, each once', () => {
    const names = listed.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(environmentVariableNames());
  });

  it('is a valid configuration as it stands (its values are the defaults)', () => {
    const values = Object.fromEntries(listed.map((v) => [v.name, v.value]));
    const fromExample = validateEnvironment(values) as unknown as Record<string, unknown>;
    const defaults = validateEnvironment({}) as unknown as Record<string, unknown>;
    for (const { name, value } of listed) {
      if (value === '') continue; // empty = unset: the default or derived value applies
      expect({ name, value: fromExample[name] }).toEqual({ name, value: defaults[name] });
    }
  });
});

describe('unknownVariables', () => {
  it('names a set variable with our prefix that the service does not read, with the closest known name', () => {
    expect(unknownVariables({ SCHEDULER_INTERVAL: '1000', PUBLISH_CONCURENCY: '4', PORT: '1' })).toEqual([
      { name: 'PUBLISH_CONCURENCY', suggestion: 'PUBLISH_CONCURRENCY' },
      { name: 'SCHEDULER_INTERVAL', suggestion: 'SCHEDULER_INTERVAL_MS' },
    ]);
  });

  it("leaves known variables and other programs' variables alone", () => {
    expect(unknownVariables({ SCHEDULER_INTERVAL_MS: '1000', NODE_OPTIONS: '--x', PATH: '/bin', HOME: '/root' })).toEqual([]);
  });

  it('gives no suggestion when nothing is close', () => {
    expect(unknownVariables({ WEBHOOKS_SOMETHING_ELSE_ENTIRELY: '1' })).toEqual([{ name: 'WEBHOOKS_SOMETHING_ELSE_ENTIRELY', suggestion: null }]);
  });
});
