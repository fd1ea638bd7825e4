import { PlatformError } from '../platform-adapter';
import { beforeCreate } from './steps';

describe('beforeCreate', () => {
  it('clears outcomeUnknown on failures before the create call', async () => {
    const timeout = new PlatformError('TIMEOUT_ERROR', 'timed out', { retryable: true, outcomeUnknown: true });
    const err = await beforeCreate(() => Promise.reject(timeout)).catch((e: PlatformError) => e);
    expect(err.code).toBe('TIMEOUT_ERROR');
    expect(err.message).toBe('timed out');
    expect(err.retryable).toBe(true);
    expect(err.options.outcomeUnknown).toBe(false);
  });

  it('passes other errors and results through', async () => {
    const other = new PlatformError('INVALID_CONTENT', 'bad', { retryable: false });
    await expect(beforeCreate(() => Promise.reject(other))).rejects.toBe(other);
    await expect(beforeCreate(async () => 7)).resolves.toBe(7);
  });
});
