import Type from 'typebox';
import { Id, OkReply } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { LoginReply } from './factors.ts';
import { LIMITS } from './limits.ts';
import { CurrentUser, Email, Password, Username } from './users.ts';

export const LoginBody = Type.Object({ username: Username, password: Password });
export type LoginBody = Type.Static<typeof LoginBody>;

export const RegisterBody = Type.Object({
  username: Username,
  email: Email,
  password: Password,
  confirmPassword: Type.String({ maxLength: LIMITS.passwordMax }),
});
export type RegisterBody = Type.Static<typeof RegisterBody>;

export const RegistrationReply = Type.Object({
  id: Id,
  username: Type.String(),
  email: Type.String(),
  isEmailVerified: Type.Boolean(),
  /** Development only: present when no SMTP server is configured outside production. */
  testVerificationCode: Type.Optional(Type.String()),
});
export type RegistrationReply = Type.Static<typeof RegistrationReply>;

export const VerificationCode = Type.String({
  pattern: '^[0-9]{6}$',
  errorMessage: 'Enter the 6-digit code from the email',
});

export const VerifyEmailBody = Type.Object({
  code: VerificationCode,
  email: Type.Optional(Type.String({ maxLength: 254 })),
});
export type VerifyEmailBody = Type.Static<typeof VerifyEmailBody>;

/**
 * A verification's answer to a caller without the member's session: it signs no one in, so it confirms the address
 * and says nothing of the account. The member's own session gets their account (`CurrentUser`), as `GET /api/user`.
 */
export const EmailVerifiedReply = Type.Object({ message: Type.String(), isEmailVerified: Type.Literal(true) });
export type EmailVerifiedReply = Type.Static<typeof EmailVerifiedReply>;

export const ResendVerificationBody = Type.Object({ email: Type.Optional(Type.String({ maxLength: 254 })) });

export const ResendReply = Type.Object({
  message: Type.String(),
  testVerificationCode: Type.Optional(Type.String()),
});

export const authRoutes = {
  register: route({ ...endpoints.register, body: RegisterBody, response: { 201: RegistrationReply } }),
  /** The member, signed in; or, with a second factor, the second step to take (factors.ts). */
  login: route({ ...endpoints.login, body: LoginBody, response: { 200: LoginReply } }),
  logout: route({ ...endpoints.logout, response: { 200: OkReply } }),
  verifyEmail: route({
    ...endpoints.verifyEmail,
    body: VerifyEmailBody,
    response: { 200: Type.Union([CurrentUser, EmailVerifiedReply]) },
  }),
  resendVerification: route({
    ...endpoints.resendVerification,
    body: ResendVerificationBody,
    response: { 200: ResendReply },
  }),
};
