import { messageOf } from '@test/support/refusals';
import { validateInput } from '../../common/validation/validate-input';
import { UpdateProfileInput } from './profile.input';
import { AdminUsersFilterDto, CreateUserDto, NewPasswordDto, UpdateUserDto } from './user.dto';

const ok = { email: ' Me@Example.COM ', password: 'password-1' };

describe('CreateUserDto', () => {
  it('checks email, password, plan, then seats, with the sign-up messages', () => {
    const all = { email: 'nope', password: 'short', plan: 'gold', seats: -1 };
    expect(messageOf(() => validateInput(CreateUserDto, all))).toBe('A valid email is required');
    expect(messageOf(() => validateInput(CreateUserDto, { ...all, email: ok.email }))).toBe('Password must be between 8 and 128 characters');
    expect(messageOf(() => validateInput(CreateUserDto, { ...ok, plan: 'gold', seats: -1 }))).toBe('Invalid plan. Must be one of: starter, pro, premium');
    expect(messageOf(() => validateInput(CreateUserDto, { ...ok, seats: 1.5 }))).toBe('Seats must be a whole number of at least 0');
  });

  it.each([[{ password: 'password-1' }], [{ email: 5, password: 'password-1' }], [{ email: `${'a'.repeat(250)}@x.io`, password: 'password-1' }]])(
    'refuses %j as an email',
    (body) => expect(messageOf(() => validateInput(CreateUserDto, body))).toBe('A valid email is required'),
  );

  it('normalises the email; null plan and seats are absent', () => {
    expect({ ...validateInput(CreateUserDto, { ...ok, plan: null, seats: null, isAdmin: true }) }).toEqual({
      email: 'me@example.com',
      password: 'password-1',
      plan: null,
      seats: null,
      isAdmin: true,
    });
  });
});

describe('UpdateUserDto, NewPasswordDto, AdminUsersFilterDto, UpdateProfileInput', () => {
  it('plan before seats; an empty plan is refused', () => {
    expect(messageOf(() => validateInput(UpdateUserDto, { plan: '', seats: -1 }))).toBe('Invalid plan. Must be one of: starter, pro, premium');
    expect(messageOf(() => validateInput(UpdateUserDto, { seats: -1 }))).toBe('Seats must be a whole number of at least 0');
    expect({ ...validateInput(UpdateUserDto, { parentUserId: null, apiAccess: null }) }).toEqual({ parentUserId: null, apiAccess: null });
  });

  it('a new password has sign-up’s length rule', () => {
    expect(messageOf(() => validateInput(NewPasswordDto, { password: 'x'.repeat(129) }))).toBe('Password must be between 8 and 128 characters');
  });

  it('the admin list: search trimmed, at most 100 characters; an empty plan is none', () => {
    expect({ ...validateInput(AdminUsersFilterDto, { search: '  ann ', plan: '' }) }).toEqual({ search: 'ann' });
    expect(messageOf(() => validateInput(AdminUsersFilterDto, { search: 'x'.repeat(101), plan: 'gold' }))).toBe('search must be at most 100 characters');
    expect(messageOf(() => validateInput(AdminUsersFilterDto, { search: ' ', plan: 'gold' }))).toBe('Invalid plan. Must be one of: starter, pro, premium');
  });

  it('the profile email: sign-up’s rule, normalised; null is no change', () => {
    expect(validateInput(UpdateProfileInput, { email: ' New@Example.com' }).email).toBe('new@example.com');
    expect(validateInput(UpdateProfileInput, { email: null }).email).toBeNull();
    expect(messageOf(() => validateInput(UpdateProfileInput, { email: 'not-an-email' }))).toBe('A valid email is required');
  });
});
