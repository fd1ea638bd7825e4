import { createAccount, createTestApp, login, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { dataOf, errorOf, gqlClient } from './graphql-helpers';

/** The signed-in user's account over GraphQL: profile, password change, sessions. */
describe('GraphQL updateProfile, changePassword, sessions, revokeSession', () => {
  let t: TestApp;
  let gql: ReturnType<typeof gqlClient>;
  beforeAll(async () => {
    t = await createTestApp();
    gql = gqlClient(t);
  });
  afterAll(() => t?.close());

  const CHANGE = 'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }';
  const SESSIONS = '{ sessions { id createdAt expiresAt current } }';
  const me = (cookie: string) => gql('{ me { id email } }', {}, cookie);

  const UPDATE = 'mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { id email plan } }';

  it('updateProfile changes the sign-in email with sign-up’s rules, given the current password', async () => {
    const a = await createAccount(t);
    const other = await createAccount(t);
    const newEmail = `New-${a.userId}@Example.com`;
    const updated = dataOf(await gql(UPDATE, { i: { email: newEmail, currentPassword: a.password } }, a.cookie)).updateProfile;
    expect(updated).toEqual({ id: a.userId, email: newEmail.toLowerCase(), plan: 'pro' });
    expect(dataOf(await me(a.cookie)).me.email).toBe(newEmail.toLowerCase());
    await login(t, newEmail, a.password);
    for (const [email, message, code] of [
      ['not-an-email', 'A valid email is required', 'BAD_USER_INPUT'],
      [other.email.toUpperCase(), 'Email is already registered', 'CONFLICT'],
    ] as const) {
      const err = errorOf(await gql(UPDATE, { i: { email, currentPassword: a.password } }, a.cookie));
      expect([err.message, err.code]).toEqual([message, code]);
    }
    // Nothing given, or the email it has: nothing changes, and no password is needed.
    expect(dataOf(await gql('mutation { updateProfile(input: {}) { email } }', {}, a.cookie)).updateProfile.email).toBe(newEmail.toLowerCase());
    expect(dataOf(await gql(UPDATE, { i: { email: newEmail } }, a.cookie)).updateProfile.email).toBe(newEmail.toLowerCase());
  });

  it('updateProfile refuses a new email without the right current password, and changes nothing', async () => {
    const a = await createAccount(t);
    const other = await createAccount(t);
    for (const [currentPassword, message] of [
      [undefined, 'Current password is required to change the sign-in email'],
      [null, 'Current password is required to change the sign-in email'],
      ['', 'Current password is required to change the sign-in email'],
      ['wrong-password', 'Current password is incorrect'],
    ] as const) {
      const err = errorOf(await gql(UPDATE, { i: { email: `stolen-${a.userId}@example.com`, currentPassword } }, a.cookie));
      expect([err.message, err.code]).toEqual([message, 'BAD_USER_INPUT']);
    }
    // The password comes before the uniqueness check: a session alone cannot tell which emails have accounts.
    const taken = errorOf(await gql(UPDATE, { i: { email: other.email } }, a.cookie));
    expect([taken.message, taken.code]).toEqual(['Current password is required to change the sign-in email', 'BAD_USER_INPUT']);
    expect(dataOf(await me(a.cookie)).me.email).toBe(a.email);
  });

  it('a new email ends the account’s other sessions and keeps this one', async () => {
    const a = await createAccount(t);
    const elsewhere = await login(t, a.email, a.password);
    const newEmail = `moved-${a.userId}@example.com`;
    dataOf(await gql(UPDATE, { i: { email: newEmail, currentPassword: a.password } }, a.cookie));
    expect(dataOf(await me(a.cookie)).me.email).toBe(newEmail);
    expect(errorOf(await me(elsewhere)).code).toBe('UNAUTHENTICATED');
    expect(dataOf(await gql(SESSIONS, {}, a.cookie)).sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it('guessing the current password through updateProfile is throttled like sign-in', async () => {
    const a = await createAccount(t);
    const attempt = (currentPassword: string) => gql(UPDATE, { i: { email: `guess-${a.userId}@example.com`, currentPassword } }, a.cookie);
    let last = errorOf(await attempt('guess-0'));
    for (let i = 1; i < 12 && last.code !== 'TOO_MANY_REQUESTS'; i++) last = errorOf(await attempt(`guess-${i}`));
    expect([last.message, last.code]).toEqual(['Too many failed login attempts. Try again later.', 'TOO_MANY_REQUESTS']);
    expect(errorOf(await attempt(a.password)).code).toBe('TOO_MANY_REQUESTS');
    // The same counter as sign-in: the account cannot sign in either for now.
    await expect(login(t, a.email, a.password)).rejects.toThrow(/429/);
  });

  it('sessions lists the user’s own, marking the current one; revokeSession ends one; another user’s is NOT_FOUND', async () => {
    const a = await createAccount(t);
    const second = await login(t, a.email, a.password);
    const listed = dataOf(await gql(SESSIONS, {}, a.cookie)).sessions;
    expect(listed).toHaveLength(2);
    expect(listed.filter((s: any) => s.current)).toHaveLength(1);
    const other = listed.find((s: any) => !s.current);
    expect(dataOf(await gql(SESSIONS, {}, second)).sessions.find((s: any) => s.current).id).toBe(other.id);

    const stranger = await createAccount(t);
    for (const id of [other.id, String(new Types.ObjectId()), 'malformed']) {
      const err = errorOf(await gql('mutation($id: ID!) { revokeSession(id: $id) }', { id }, stranger.cookie));
      expect([err.message, err.code]).toEqual(['Session not found', 'NOT_FOUND']);
    }
    expect(dataOf(await me(second)).me.id).toBe(a.userId);

    expect(dataOf(await gql('mutation($id: ID!) { revokeSession(id: $id) }', { id: other.id }, a.cookie)).revokeSession).toBe(true);
    expect(errorOf(await me(second)).code).toBe('UNAUTHENTICATED');
    expect(dataOf(await gql(SESSIONS, {}, a.cookie)).sessions.map((s: any) => s.id)).not.toContain(other.id);
  });

  it('changePassword: checks the current password, ends the other sessions, keeps this one', async () => {
    const a = await createAccount(t);
    const elsewhere = await login(t, a.email, a.password);
    const cases: Array<[string, string, string]> = [
      ['wrong-password', 'another-secret', 'Current password is incorrect'],
      [a.password, 'short', 'Password must be between 8 and 128 characters'],
      [a.password, a.password, 'New password must differ from the current one'],
    ];
    for (const [c, n, message] of cases) {
      const err = errorOf(await gql(CHANGE, { c, n }, a.cookie));
      expect([err.message, err.code]).toEqual([message, 'BAD_USER_INPUT']);
    }
    // Refusals change nothing: the other session still works, the old password still signs in.
    expect(dataOf(await me(elsewhere)).me.id).toBe(a.userId);
    await login(t, a.email, a.password);

    expect(dataOf(await gql(CHANGE, { c: a.password, n: 'brand-new-secret' }, a.cookie)).changePassword).toBe(true);
    expect(dataOf(await me(a.cookie)).me.id).toBe(a.userId);
    expect(errorOf(await me(elsewhere)).code).toBe('UNAUTHENTICATED');
    expect(dataOf(await gql(SESSIONS, {}, a.cookie)).sessions).toEqual([expect.objectContaining({ current: true })]);
    await expect(login(t, a.email, a.password)).rejects.toThrow(/401/);
    await login(t, a.email, 'brand-new-secret');
  });

  it('guessing the current password is throttled like sign-in', async () => {
    const a = await createAccount(t);
    let last = errorOf(await gql(CHANGE, { c: 'guess-0', n: 'another-secret' }, a.cookie));
    for (let i = 1; i < 12 && last.code !== 'TOO_MANY_REQUESTS'; i++) last = errorOf(await gql(CHANGE, { c: `guess-${i}`, n: 'another-secret' }, a.cookie));
    expect([last.message, last.code]).toEqual(['Too many failed login attempts. Try again later.', 'TOO_MANY_REQUESTS']);
    // Locked: even the right password is refused for now.
    const locked = errorOf(await gql(CHANGE, { c: a.password, n: 'another-secret' }, a.cookie));
    expect(locked.code).toBe('TOO_MANY_REQUESTS');
  });

  it('every operation is UNAUTHENTICATED without a session', async () => {
    for (const query of [
      SESSIONS,
      'mutation { revokeSession(id: "000000000000000000000000") }',
      'mutation { changePassword(currentPassword: "a", newPassword: "bbbbbbbbbb") }',
      'mutation { updateProfile(input: { email: "x@example.com" }) { id } }',
    ]) {
      const res = await gql(query);
      expect([res.status, errorOf(res).code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });
});
