import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const hash = await hashPassword('пароль-123');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('пароль');
    expect(await verifyPassword('пароль-123', hash)).toBe(true);
    expect(await verifyPassword('пароль-124', hash)).toBe(false);
    expect(await hashPassword('пароль-123')).not.toBe(hash);
  });

  it('rejects a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
