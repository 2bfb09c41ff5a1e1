import { describe, expect, it } from 'vitest';
import { deviceTokenFor, rememberDeviceToken } from './device-tokens.ts';

describe('device tokens of past logins', () => {
  it('keeps one token per account e-mail, whatever its case', () => {
    rememberDeviceToken('Ada@Example.ch', 'token-a-1');
    rememberDeviceToken('bob@example.ch', 'token-b');
    rememberDeviceToken('ada@example.ch ', 'token-a-2');
    expect(deviceTokenFor('ADA@example.ch')).toBe('token-a-2');
    expect(deviceTokenFor('bob@example.ch')).toBe('token-b');
    expect(deviceTokenFor('carl@example.ch')).toBeUndefined();
  });

  it('forgets the least recently used account beyond five', () => {
    for (let i = 0; i < 6; i++) rememberDeviceToken(`user${i}@example.ch`, `token-${i}`);
    expect(deviceTokenFor('user0@example.ch')).toBeUndefined();
    expect(deviceTokenFor('user5@example.ch')).toBe('token-5');
    expect(deviceTokenFor('user1@example.ch')).toBe('token-1');
  });

  it('treats a broken entry like none', () => {
    localStorage.setItem('signet.login-devices', '{not json');
    expect(deviceTokenFor('ada@example.ch')).toBeUndefined();
    localStorage.setItem('signet.login-devices', JSON.stringify([{ email: 'ada@example.ch' }, 42]));
    expect(deviceTokenFor('ada@example.ch')).toBeUndefined();
    rememberDeviceToken('ada@example.ch', 'fresh');
    expect(deviceTokenFor('ada@example.ch')).toBe('fresh');
  });
});
