import { api, FACTOR_TEXT } from '@enclave/protocol';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { createPasskey, passkeyFailureText } from '../auth/passkeys.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { useRecoveryCodesStore } from '../stores/recovery-codes-store.ts';
import { toast } from '../stores/toast-store.ts';

export const FACTORS_KEY = [api.securityFactors.url] as const;

/** The member's second factors: passkeys, the authenticator app, the recovery codes left. */
export const securityFactorsQuery = queryOptions({
  queryKey: FACTORS_KEY,
  queryFn: ({ signal }) => call(api.securityFactors, { signal, silent: true }),
});

/**
 * After any change of factors: they are read again, and so is the member (`hasSecondFactor` decides how the next
 * sign-in and step-up go); recovery codes the server answered with are shown, once.
 */
function changed(queryClient: QueryClient, notice: string, recoveryCodes: readonly string[] | null = null) {
  void queryClient.invalidateQueries({ queryKey: FACTORS_KEY });
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  useRecoveryCodesStore.getState().show(recoveryCodes);
  toast({ title: notice });
}

const failed = (error: unknown) =>
  toast({ variant: 'destructive', title: FACTOR_TEXT.changeFailed, description: passkeyFailureText(error) });

/** The server's challenge, the browser's new passkey, then the passkey named and kept (each step may ask a step-up). */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const challenge = await call(api.passkeyOptions, { silent: true });
      const created = await createPasskey(challenge);
      return call(api.addPasskey, { body: { name, ...created }, silent: true });
    },
    onSuccess: (reply) => changed(queryClient, FACTOR_TEXT.passkeyAdded, reply.recoveryCodes),
    onError: failed,
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      call(api.renamePasskey, { params: { id }, body: { name }, silent: true }),
    onSuccess: () => changed(queryClient, FACTOR_TEXT.passkeyRenamed),
    onError: failed,
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.removePasskey, { params: { id }, silent: true }),
    onSuccess: () => changed(queryClient, FACTOR_TEXT.passkeyRemoved),
    onError: failed,
  });
}

/** A new secret for the app, which the member confirms with its first code (useConfirmAuthenticatorApp). */
export function useStartAuthenticatorApp() {
  return useMutation({
    mutationFn: () => call(api.startAuthenticatorApp, { silent: true }),
    onError: failed,
  });
}

/** A wrong code is the caller's to show under its field. */
export function useConfirmAuthenticatorApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(api.confirmAuthenticatorApp, { body: { code }, silent: true }),
    onSuccess: (reply) => changed(queryClient, FACTOR_TEXT.appAdded, reply.recoveryCodes),
  });
}

export function useRemoveAuthenticatorApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.removeAuthenticatorApp, { silent: true }),
    onSuccess: () => changed(queryClient, FACTOR_TEXT.appRemoved),
    onError: failed,
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.regenerateRecoveryCodes, { silent: true }),
    onSuccess: ({ codes }) => {
      void queryClient.invalidateQueries({ queryKey: FACTORS_KEY });
      useRecoveryCodesStore.getState().show(codes);
    },
    onError: failed,
  });
}
