import { AUTH_TEXT } from '@enclave/protocol';

/** Spec 000 §8: the server's duplicate-account messages, said the way the registration form says them. */
export function registrationErrorText(message: string): string {
  if (message.includes(AUTH_TEXT.usernameExists)) return AUTH_TEXT.usernameTaken;
  if (message.includes(AUTH_TEXT.emailInUse)) return AUTH_TEXT.emailRegistered;
  return message;
}
