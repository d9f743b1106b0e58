import { describe, expect, it } from 'vitest';
import { parseStoredUser } from './stored-user.ts';

const user = { id: 7, firstname: 'Ayu', lastname: 'Lestari', email: 'ayu@example.com', role: 'member' };

describe('parseStoredUser', () => {
  it('reads a user the screens can draw', () => {
    expect(parseStoredUser(JSON.stringify(user))).toEqual(user);
  });

  it.each([
    ['nothing', undefined],
    ['text that is not JSON', '{broken'],
    ['JSON that is not an object', '"member"'],
    ['null', 'null'],
    ['an object with only a role', '{"role":"member"}'],
    ['a name that is not text', JSON.stringify({ ...user, firstname: null })],
    ['an id that is not a whole number', JSON.stringify({ ...user, id: '7' })],
    ['an empty role', JSON.stringify({ ...user, role: '' })],
  ])('treats %s as no user', (_, raw) => {
    expect(parseStoredUser(raw)).toBeNull();
  });
});
