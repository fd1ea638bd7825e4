import type { ExecutionContext } from '@nestjs/common';
import passport from 'passport';
import { Strategy } from 'passport-custom';
import { ApiError } from '../../common/api-error';
import type { ApiKeyAuthService, ApiIdentity } from '../api-key-auth.service';
import { getRequestContext, setRequestContext, type RequestContext } from '../request-context';
import { ApiKeyGuard } from './api-key.guard';

/** What passport gives a strategy instance to answer with. */
type Outcomes = { success(user: object): void; error(err: unknown): void; fail(status?: number): void; pass(): void };

/** The guard's mapping of passport's outcomes, with stand-in strategies. */
describe('ApiKeyGuard', () => {
  let request: { headers: Record<string, string> };
  const context = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }) } as unknown as ExecutionContext;
  const identified: ApiIdentity[] = [];
  // The identified caller's checks are ApiKeyAuthService's (its own e2e tests); here: who was asked for.
  const auth = {
    authenticateIdentity: async (identity: ApiIdentity) => {
      identified.push(identity);
      return { userId: identity.userId } as RequestContext;
    },
  } as unknown as ApiKeyAuthService;
  const authenticator = new passport.Passport();
  const guard = new ApiKeyGuard(authenticator, [], auth);
  const use = (name: string, act: (strategy: Outcomes, req: typeof request) => void) =>
    authenticator.use(
      name,
      new Strategy(function (this: Outcomes, req: typeof request) {
        act(this, req);
      } as never),
    );
  /** The real `api-key` leaves the request context on the request, then succeeds. */
  const keyAccepted = (s: Outcomes, req: typeof request) => {
    setRequestContext(req, { userId: 'key-owner' } as RequestContext);
    s.success({ userId: 'key-owner' });
  };

  beforeEach(() => {
    request = { headers: {} };
    identified.length = 0;
  });

  it("uses its own app's passport, not the process-wide one", async () => {
    use('api-key', keyAccepted);
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

  it('lets the request through with the context the strategy left', async () => {
    use('api-key', keyAccepted);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(getRequestContext(request)).toEqual({ userId: 'key-owner' });
    expect(identified).toEqual([]);
  });

  it("passes the strategy's ApiError on unchanged", async () => {
    use('api-key', (s) => s.error(ApiError.unauthorized('Invalid API key')));
    await expect(guard.canActivate(context)).rejects.toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('answers any other failure, a refusal without a user, or a pass as a 500 Internal server error', async () => {
    for (const act of [(s: Outcomes) => s.error(new Error('boom')), (s: Outcomes) => s.fail(401), (s: Outcomes) => s.pass()]) {
      use('api-key', act);
      await expect(guard.canActivate(context)).rejects.toMatchObject({ status: 500, message: 'Internal server error' });
    }
  });

  describe("an embedding app's strategies", () => {
    const withGateway = new ApiKeyGuard(authenticator, ['gateway'], auth);

    it('are tried first: the user one identifies gets the checks of a key owner', async () => {
      use('api-key', keyAccepted);
      use('gateway', (s) => s.success({ userId: 'from-gateway' }));
      await expect(withGateway.canActivate(context)).resolves.toBe(true);
      expect(identified).toEqual([{ userId: 'from-gateway' }]);
      expect(getRequestContext(request)).toEqual({ userId: 'from-gateway' });
    });

    it('one that fails hands the request to the API key', async () => {
      use('api-key', keyAccepted);
      use('gateway', (s) => s.fail());
      await expect(withGateway.canActivate(context)).resolves.toBe(true);
      expect(identified).toEqual([]);
      expect(getRequestContext(request)).toEqual({ userId: 'key-owner' });
    });

    it("one's ApiError is the answer; a success without a user id is a 500", async () => {
      use('api-key', keyAccepted);
      use('gateway', (s) => s.error(ApiError.unauthorized('Gateway signature invalid')));
      await expect(withGateway.canActivate(context)).rejects.toMatchObject({ status: 401, message: 'Gateway signature invalid' });
      use('gateway', (s) => s.success({ name: 'no id' }));
      await expect(withGateway.canActivate(context)).rejects.toMatchObject({ status: 500, message: 'Internal server error' });
    });
  });
});
