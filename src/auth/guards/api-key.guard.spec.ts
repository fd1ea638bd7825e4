import type { ExecutionContext } from '@nestjs/common';
import passport from 'passport';
import { Strategy } from 'passport-custom';
import { ApiError } from '../../common/api-error';
import { ApiKeyGuard } from './api-key.guard';

/** What passport gives a strategy instance to answer with. */
type Outcomes = { success(user: object): void; error(err: unknown): void; fail(status?: number): void; pass(): void };

/** The guard's mapping of passport's outcomes, with a stand-in `api-key` strategy. */
describe('ApiKeyGuard', () => {
  const context = { switchToHttp: () => ({ getRequest: () => ({ headers: {} }), getResponse: () => ({}) }) } as unknown as ExecutionContext;
  const authenticator = new passport.Passport();
  const guard = new ApiKeyGuard(authenticator);
  const withStrategy = (act: (strategy: Outcomes) => void) =>
    authenticator.use(
      'api-key',
      new Strategy(function (this: Outcomes) {
        act(this);
      } as never),
    );

  it("uses its own app's passport, not the process-wide one", async () => {
    withStrategy((s) => s.success({ userId: 'mine' }));
    passport.use(
      'api-key',
      new Strategy(function (this: Outcomes) {
        this.error(new Error('the process-wide strategy ran'));
      } as never),
    );
    try {
      await expect(guard.canActivate(context)).resolves.toBe(true);
    } finally {
      passport.unuse('api-key');
    }
  });

  it('lets the request through when the strategy succeeds', async () => {
    withStrategy((s) => s.success({ userId: 'u1' }));
    await expect(guard.canActivate(context)).resolves.toBe(true);
  });

  it("passes the strategy's ApiError on unchanged", async () => {
    withStrategy((s) => s.error(ApiError.unauthorized('Invalid API key')));
    await expect(guard.canActivate(context)).rejects.toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('answers any other failure, a refusal without a user, or a pass as a 500 Internal server error', async () => {
    for (const act of [(s: Outcomes) => s.error(new Error('boom')), (s: Outcomes) => s.fail(401), (s: Outcomes) => s.pass()]) {
      withStrategy(act);
      await expect(guard.canActivate(context)).rejects.toMatchObject({ status: 500, message: 'Internal server error' });
    }
  });
});
