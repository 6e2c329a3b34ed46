import type { RegistrationReply } from '@enclave/protocol';
import { create } from 'zustand';

/** Browser session storage keys of a registration whose email still needs verifying (spec 000 §3). */
export const PENDING_VERIFICATION_KEYS = {
  email: 'pendingVerificationEmail',
  registrationId: 'pendingRegistrationId',
  testCode: 'testVerificationCode',
} as const;

type Field = keyof typeof PENDING_VERIFICATION_KEYS;

interface PendingVerificationState {
  email: string | null;
  registrationId: string | null;
  /** Development only: the code the server returned because no mail server is configured. */
  testCode: string | null;
  /** Registration succeeded but the email is unverified: remember it for the verification screen. */
  start: (reply: RegistrationReply) => void;
  setTestCode: (code: string) => void;
  clear: () => void;
}

function read(field: Field): string | null {
  try {
    return sessionStorage.getItem(PENDING_VERIFICATION_KEYS[field]);
  } catch {
    return null;
  }
}

function write(field: Field, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(PENDING_VERIFICATION_KEYS[field]);
    else sessionStorage.setItem(PENDING_VERIFICATION_KEYS[field], value);
  } catch {
    // Storage can be disabled (private mode, policy); the pending state then lasts until the tab reloads.
  }
}

export const usePendingVerification = create<PendingVerificationState>()((set) => ({
  email: read('email'),
  registrationId: read('registrationId'),
  testCode: read('testCode'),
  start: (reply) => {
    const testCode = reply.testVerificationCode ?? null;
    write('email', reply.email);
    write('registrationId', String(reply.id));
    write('testCode', testCode);
    set({ email: reply.email, registrationId: String(reply.id), testCode });
  },
  setTestCode: (code) => {
    write('testCode', code);
    set({ testCode: code });
  },
  clear: () => {
    for (const field of Object.keys(PENDING_VERIFICATION_KEYS) as Field[]) write(field, null);
    set({ email: null, registrationId: null, testCode: null });
  },
}));
