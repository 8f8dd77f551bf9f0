import { describe, expect, it } from 'vitest';
import { passwordWanted } from './password-wanted.ts';

describe('passwordWanted', () => {
  it('names the passwords the tenant has, and none when it has neither (nobody can sign in)', () => {
    expect(passwordWanted({ hasGroupPassword: true, hasAdminPassword: true })).toBe("the group's password, or the admin password");
    expect(passwordWanted({ hasGroupPassword: true, hasAdminPassword: false })).toBe("the group's password");
    expect(passwordWanted({ hasGroupPassword: false, hasAdminPassword: true })).toBe('the admin password');
    expect(passwordWanted({ hasGroupPassword: false, hasAdminPassword: false })).toBeUndefined();
  });
});
