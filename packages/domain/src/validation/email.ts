import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from '../limits';
import type { DomainMessage } from '../messages/message';

/** Shown in "E-mail must be valid (e.g. ...)"; the spec's text says "must look like {email}". */
export const EMAIL_EXAMPLE = 'name@example.com';

// zod's own e-mail check, the same one personSchema uses, so picker and server agree.
const emailSchema = z.email();

export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value.trim()).success;
}

/** The e-mail field of the user picker: required, then valid. Null when fine. */
export function validateEmail(value: string | null | undefined): DomainMessage | null {
  const email = (value ?? '').trim();
  if (email === '') return { key: 'person.emailRequired' };
  if (!isValidEmail(email))
    return { key: 'person.emailInvalid', params: { example: EMAIL_EXAMPLE } };
  return null;
}

export interface NewPersonFieldErrors {
  displayName?: DomainMessage;
  email?: DomainMessage;
}

/**
 * The "new person" form of the user picker (SPEC section 5): name required (and at most
 * MAX_NAME_LENGTH characters), e-mail required and valid. Returns the message per field; an
 * empty object means the input is fine.
 */
export function validateNewPersonFields(input: {
  displayName?: string | null;
  email?: string | null;
}): NewPersonFieldErrors {
  const errors: NewPersonFieldErrors = {};
  const displayName = (input.displayName ?? '').trim();
  if (displayName === '') errors.displayName = { key: 'person.nameRequired' };
  else if (displayName.length > MAX_NAME_LENGTH) {
    errors.displayName = { key: 'validation.maxLength', params: { max: MAX_NAME_LENGTH } };
  }
  const email = validateEmail(input.email);
  if (email) errors.email = email;
  return errors;
}
