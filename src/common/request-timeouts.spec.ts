import { validateEnvironment } from '../config/environment';
import { httpServerTimeouts, RequestTimeoutMessages } from './request-timeouts';

describe('httpServerTimeouts', () => {
  it("hands Node the headers and whole-request limits, checked often enough to hold them (Node's default looks every 30 s)", () => {
    const defaults = httpServerTimeouts(validateEnvironment({}));
    expect(defaults).toMatchObject({
      requestTimeout: 3_600_000,
      keepAliveTimeout: 72_000,
      http: { headersTimeout: 30_000, requestTimeout: 3_600_000, keepAliveTimeout: 72_000, connectionsCheckingInterval: 1000 },
    });
    const short = httpServerTimeouts(validateEnvironment({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '5000' }));
    expect(short.http.connectionsCheckingInterval).toBe(250);
    const off = httpServerTimeouts(validateEnvironment({ HTTP_HEADERS_TIMEOUT_MS: '0', HTTP_REQUEST_TIMEOUT_MS: '0' }));
    expect(off.http).toMatchObject({ headersTimeout: 0, requestTimeout: 0, connectionsCheckingInterval: 30_000 });
  });

  it('names in its 408 message only the limits that are on', () => {
    expect(RequestTimeoutMessages.notReceived(30_000, 3_600_000)).toBe(
      'Request timed out: its headers must arrive within 30000 ms and the whole request within 3600000 ms',
    );
    expect(RequestTimeoutMessages.notReceived(30_000, 0)).toBe('Request timed out: its headers must arrive within 30000 ms');
    expect(RequestTimeoutMessages.notReceived(0, 5000)).toBe('Request timed out: the whole request must arrive within 5000 ms');
  });
});
