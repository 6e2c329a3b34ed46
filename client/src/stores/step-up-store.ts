import { create } from 'zustand';

interface StepUpState {
  /** A call was refused with STEP_UP_REQUIRED and waits for the member to confirm it is them. */
  isOpen: boolean;
  /** The answer the waiting calls get: true once the server accepted a proof, false when the member gave up. */
  settle: (confirmed: boolean) => void;
}

let waiting: Promise<boolean> | null = null;
let answer: (confirmed: boolean) => void = () => {};

export const useStepUpStore = create<StepUpState>()((set) => ({
  isOpen: false,
  settle: (confirmed) => {
    answer(confirmed);
    waiting = null;
    set({ isOpen: false });
  },
}));

/**
 * Opens the step-up dialog (mounted once by the app shell) and resolves with whether the member confirmed. Calls
 * refused while it is open wait for the same answer: one confirmation lets them all through.
 */
export function askForStepUp(): Promise<boolean> {
  waiting ??= new Promise<boolean>((resolve) => {
    answer = resolve;
    useStepUpStore.setState({ isOpen: true });
  });
  return waiting;
}
