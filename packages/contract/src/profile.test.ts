import { describe, expect, it } from 'vitest';
import { ACCOUNT_CHANGE_TEXT } from './account-change-text.ts';
import { fieldErrorsOf } from './errors.ts';
import { profileFormFor, ZProfileForm } from './profile.ts';
import { SERVER_TEXT } from './texts.ts';
import { USER_FIELD_TEXT, ZUpdateUserRequest } from './users.ts';

const filled = {
  firstname: ' Budi ',
  lastname: 'Santoso',
  email: ' Budi@Example.COM ',
  account_bank: 'BCA',
  account_number: ' 1234567890 ',
  account_name: 'Budi Santoso',
  password: '',
  current_password: '',
};

const errorsOf = (values: typeof filled) => {
  const result = ZProfileForm.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error.issues);
};

describe('ZProfileForm', () => {
  it('sends the profile without a password when none is typed, as the update request reads it', () => {
    const body = ZProfileForm.parse(filled);
    expect(body).toEqual({
      firstname: 'Budi',
      lastname: 'Santoso',
      email: 'budi@example.com',
      account_bank: 'BCA',
      account_number: '1234567890',
      account_name: 'Budi Santoso',
    });
    expect(ZUpdateUserRequest.parse(body)).toEqual(body);
  });

  it('stores blank bank fields as none', () => {
    const body = ZProfileForm.parse({ ...filled, account_bank: '', account_number: '  ', account_name: '' });
    expect(body).toMatchObject({ account_bank: null, account_number: null, account_name: null });
  });

  it('asks for the current password only when a new one is typed, and sends it with it', () => {
    expect(errorsOf({ ...filled, password: 'sandibaru1' })).toEqual({
      current_password: SERVER_TEXT.currentPasswordRequired,
    });
    expect(ZProfileForm.parse({ ...filled, password: 'sandibaru1', current_password: 'lama123' })).toMatchObject({
      password: 'sandibaru1',
      current_password: 'lama123',
    });
    expect(ZProfileForm.parse({ ...filled, current_password: 'lama123' })).not.toHaveProperty('current_password');
  });

  it("keeps the update request's own rules and says each in Indonesian", () => {
    expect(errorsOf({ ...filled, firstname: ' ', lastname: '', email: '' })).toEqual({
      firstname: USER_FIELD_TEXT.firstnameRequired,
      lastname: USER_FIELD_TEXT.lastnameRequired,
      email: USER_FIELD_TEXT.emailRequired,
    });
    expect(errorsOf({ ...filled, email: 'bukan-email' })).toEqual({ email: USER_FIELD_TEXT.emailInvalid });
    expect(errorsOf({ ...filled, firstname: 'x'.repeat(101), account_name: 'y'.repeat(101) })).toEqual({
      firstname: USER_FIELD_TEXT.tooLong(100),
      account_name: USER_FIELD_TEXT.tooLong(100),
    });
    expect(errorsOf({ ...filled, email: `${'a'.repeat(195)}@x.com` })).toEqual({ email: USER_FIELD_TEXT.tooLong(200) });
    expect(errorsOf({ ...filled, password: '123', current_password: 'lama123' })).toEqual({
      password: 'Password minimal 6 karakter.',
    });
    expect(errorsOf({ ...filled, account_number: '9'.repeat(51) })).toHaveProperty('account_number');
  });
});

describe('profileFormFor(user)', () => {
  const saved = {
    email: 'budi@example.com',
    account_bank: 'BCA',
    account_number: '1234567890',
    account_name: 'Budi Santoso',
  };
  const form = profileFormFor(saved);
  const errors = (values: typeof filled) => {
    const result = form.safeParse(values);
    return result.success ? {} : fieldErrorsOf(result.error.issues);
  };

  it('asks for nothing when the email and the bank account are as saved (written as the form holds them)', () => {
    expect(errors(filled)).toEqual({});
    expect(form.parse({ ...filled, firstname: 'Budiman', current_password: 'lama123' })).not.toHaveProperty(
      'current_password',
    );
  });

  it('asks for the current password when a bank field or the email changes, and sends it then', () => {
    for (const change of [
      { account_bank: 'BRI' },
      { account_number: '999' },
      { account_name: 'Orang Lain' },
      { account_bank: '' },
      { email: 'baru@example.com' },
    ]) {
      expect(errors({ ...filled, ...change }), JSON.stringify(change)).toEqual({
        current_password: ACCOUNT_CHANGE_TEXT.currentPasswordRequired,
      });
      expect(form.parse({ ...filled, ...change, current_password: 'lama123' })).toMatchObject({
        current_password: 'lama123',
      });
    }
  });
});
