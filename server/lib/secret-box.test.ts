import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskSecret, SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('ozon-key-ключ-123');
    expect(sealed).not.toContain('ozon');
    expect(box.open(sealed)).toBe('ozon-key-ключ-123');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('secret');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1.${raw.toString('base64url')}`)).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});

describe('maskSecret', () => {
  it('shows only the last four characters of a long key, nothing of a short one', () => {
    expect(maskSecret('abcdefghij1234')).toBe('••••1234');
    expect(maskSecret('short')).toBe('••••');
  });
});
