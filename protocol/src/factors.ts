import Type from 'typebox';
import { IsoDate, Nullable, OkReply } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { FACTOR_TEXT } from './ui-texts.ts';
import { CurrentUser } from './users.ts';

/**
 * Second factors (issue #27): passkeys (WebAuthn), an authenticator app (TOTP) and recovery codes; the two-step
 * sign-in they gate, and the step-up that money and power moves ask for. WebAuthn's own JSON (the options a browser
 * passes to `navigator.credentials`, the credential it answers) is declared as far as the server reads it.
 */

/** How a session was signed in: shown in the sessions list, and what a step-up may lean on. */
export const SIGN_IN_METHODS = [
  'password',
  'registration',
  'passkey',
  'password+app',
  'password+passkey',
  'password+recovery',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** What can complete a sign-in's second step or a step-up (a password only for a member without a factor). */
export const SECOND_STEP_METHODS = ['app', 'passkey', 'recovery'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

const Base64Url = Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength: 16_384 });
const Base64UrlMap = Type.Record(Type.String(), Type.Unknown());

/** What the browser passes to `navigator.credentials.create()` / `.get()` (simplewebauthn's options JSON). */
const WebAuthnOptions = Base64UrlMap;

/** A signed, short-lived and single-use handle on the challenge the server issued; sent back with the answer. */
const ChallengeToken = Type.String({ minLength: 1, maxLength: 2048 });

export const PasskeyChallenge = Type.Object({ options: WebAuthnOptions, challengeToken: ChallengeToken });
export type PasskeyChallenge = Type.Static<typeof PasskeyChallenge>;

/** `navigator.credentials.create()`'s answer, as @simplewebauthn/browser's startRegistration returns it. */
export const PasskeyRegistration = Type.Object({
  id: Base64Url,
  rawId: Base64Url,
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Type.Optional(Base64Url),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 8 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url),
  }),
  clientExtensionResults: Base64UrlMap,
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
});

/** `navigator.credentials.get()`'s answer, as @simplewebauthn/browser's startAuthentication returns it. */
export const PasskeyAssertion = Type.Object({
  id: Base64Url,
  rawId: Base64Url,
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Type.Optional(Base64Url),
  }),
  clientExtensionResults: Base64UrlMap,
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
});

export const PasskeyProof = Type.Object({ challengeToken: ChallengeToken, response: PasskeyAssertion });
export type PasskeyProof = Type.Static<typeof PasskeyProof>;

/** A code from an authenticator app: six digits (spaces a member types are taken out by the client). */
export const AppCode = Type.String({ pattern: '^[0-9]{6}$', errorMessage: FACTOR_TEXT.appCodeFormat });
/** A recovery code as shown (`xxxxx-xxxxx`), any case, the dash optional. */
export const RecoveryCode = Type.String({
  pattern: '^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$',
  errorMessage: FACTOR_TEXT.recoveryCodeFormat,
});
export const PasskeyName = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: '\\S',
  errorMessage: FACTOR_TEXT.passkeyNameRule,
});

/** One proof of who is at the keyboard: exactly one of these fields. */
const Proof = {
  code: Type.Optional(AppCode),
  recoveryCode: Type.Optional(RecoveryCode),
  passkey: Type.Optional(PasskeyProof),
};

/** POST /api/login's answer when the password was right and the member has a second factor: no session yet. */
export const SecondStepRequired = Type.Object({
  secondStep: Type.Object({
    /** Opens nothing but POST /api/login/second-step (and its passkey options), once, until `expiresAt`. */
    token: Type.String(),
    methods: Type.Array(Type.Enum(SECOND_STEP_METHODS)),
    expiresAt: IsoDate,
  }),
});
export type SecondStepRequired = Type.Static<typeof SecondStepRequired>;

export const LoginReply = Type.Union([CurrentUser, SecondStepRequired]);
export type LoginReply = Type.Static<typeof LoginReply>;

const SecondStepToken = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2048 }) });

export const SecondStepBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2048 }), ...Proof });
export type SecondStepBody = Type.Static<typeof SecondStepBody>;

export const StepUpBody = Type.Object({
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  ...Proof,
});
export type StepUpBody = Type.Static<typeof StepUpBody>;

export const StepUpReply = Type.Object({ message: Type.String(), until: IsoDate });
export type StepUpReply = Type.Static<typeof StepUpReply>;

export const PasskeyInfo = Type.Object({
  /** The credential id (base64url), as the authenticator named it. */
  id: Base64Url,
  name: Type.String(),
  createdAt: IsoDate,
  lastUsedAt: Nullable(IsoDate),
});
export type PasskeyInfo = Type.Static<typeof PasskeyInfo>;

export const SecurityFactors = Type.Object({
  passkeys: Type.Array(PasskeyInfo),
  authenticatorApp: Nullable(Type.Object({ addedAt: IsoDate })),
  recoveryCodes: Nullable(Type.Object({ remaining: Type.Integer({ minimum: 0 }), generatedAt: IsoDate })),
  /** Until when this session may make money and power moves without being asked again; null: ask first. */
  steppedUpUntil: Nullable(IsoDate),
  /** Staff where the deployment requires a second factor (STAFF_REQUIRE_2FA): the console waits for one. */
  required: Type.Boolean(),
});
export type SecurityFactors = Type.Static<typeof SecurityFactors>;

/** Recovery codes, shown this once: the server keeps only their hashes. Null when the member already had codes. */
const NewRecoveryCodes = Nullable(Type.Array(Type.String()));

export const AddPasskeyBody = Type.Object({
  name: PasskeyName,
  challengeToken: ChallengeToken,
  response: PasskeyRegistration,
});
export type AddPasskeyBody = Type.Static<typeof AddPasskeyBody>;

export const FactorAdded = Type.Object({ message: Type.String(), recoveryCodes: NewRecoveryCodes });
export type FactorAdded = Type.Static<typeof FactorAdded>;

export const PasskeyParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,1400}$' }) });

export const AuthenticatorAppSetup = Type.Object({
  /** Base32, for typing into an app by hand. */
  secret: Type.String(),
  /** The `otpauth://` URI the QR code carries. */
  uri: Type.String(),
  expiresAt: IsoDate,
});
export type AuthenticatorAppSetup = Type.Static<typeof AuthenticatorAppSetup>;

export const RecoveryCodes = Type.Object({ codes: Type.Array(Type.String()) });
export type RecoveryCodes = Type.Static<typeof RecoveryCodes>;

export const factorRoutes = {
  secondStepOptions: route({
    ...endpoints.secondStepOptions,
    summary: 'A passkey challenge for the second step of a password sign-in',
    body: SecondStepToken,
    response: { 200: PasskeyChallenge },
  }),
  secondStep: route({
    ...endpoints.secondStep,
    summary: 'The second step of a password sign-in: an app code, a recovery code or a passkey opens the session',
    body: SecondStepBody,
    response: { 200: CurrentUser },
  }),
  passkeySignInOptions: route({
    ...endpoints.passkeySignInOptions,
    summary: 'A challenge for signing in with a passkey, no username typed (discoverable credentials)',
    response: { 200: PasskeyChallenge },
  }),
  passkeySignIn: route({
    ...endpoints.passkeySignIn,
    summary: 'Sign in with a passkey',
    body: PasskeyProof,
    response: { 200: CurrentUser },
  }),
  securityFactors: route({
    ...endpoints.securityFactors,
    summary: 'Your second factors: passkeys, authenticator app, recovery codes left',
    response: { 200: SecurityFactors },
  }),
  passkeyOptions: route({
    ...endpoints.passkeyOptions,
    summary: 'A challenge for adding a passkey (after a step-up)',
    response: { 200: PasskeyChallenge },
  }),
  addPasskey: route({
    ...endpoints.addPasskey,
    summary: 'Add a passkey (after a step-up); the first factor also answers recovery codes, once',
    body: AddPasskeyBody,
    response: { 201: FactorAdded },
  }),
  renamePasskey: route({
    ...endpoints.renamePasskey,
    summary: 'Rename one of your passkeys (after a step-up)',
    params: PasskeyParams,
    body: Type.Object({ name: PasskeyName }),
    response: { 200: OkReply },
  }),
  removePasskey: route({
    ...endpoints.removePasskey,
    summary: 'Remove one of your passkeys (after a step-up)',
    params: PasskeyParams,
    response: { 200: OkReply },
  }),
  startAuthenticatorApp: route({
    ...endpoints.startAuthenticatorApp,
    summary: 'A new authenticator app secret, to confirm with its first code (after a step-up)',
    response: { 200: AuthenticatorAppSetup },
  }),
  confirmAuthenticatorApp: route({
    ...endpoints.confirmAuthenticatorApp,
    summary: 'Turn the authenticator app on with its first code; the first factor also answers recovery codes, once',
    body: Type.Object({ code: AppCode }),
    response: { 200: FactorAdded },
  }),
  removeAuthenticatorApp: route({
    ...endpoints.removeAuthenticatorApp,
    summary: 'Turn the authenticator app off (after a step-up)',
    response: { 200: OkReply },
  }),
  regenerateRecoveryCodes: route({
    ...endpoints.regenerateRecoveryCodes,
    summary: 'Ten new recovery codes, shown once; the old ones stop working (after a step-up)',
    response: { 200: RecoveryCodes },
  }),
  stepUpOptions: route({
    ...endpoints.stepUpOptions,
    summary: 'A passkey challenge for a step-up',
    response: { 200: PasskeyChallenge },
  }),
  stepUp: route({
    ...endpoints.stepUp,
    summary: 'Prove it is you again: a second factor, or the password for a member without one; lasts 5 minutes',
    body: StepUpBody,
    response: { 200: StepUpReply },
  }),
};
