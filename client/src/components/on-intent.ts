import { useState } from 'react';

/** What a person did to a control's stand-in before the control's code came. */
export interface Intent {
  /** Pressed it: the control opens as it arrives. */
  isPressed: boolean;
  /** Focused it without pressing it: the control takes the focus as it arrives (a pressed one, open, moves it itself). */
  hasFocus: boolean;
}

/** A control's code, loaded once for every instance of the control (`loadOnIntent`, at module level). */
export interface IntentLoader<Module> {
  loaded: () => Module | undefined;
  load: () => Promise<Module>;
}

export function loadOnIntent<Module>(load: () => Promise<Module>): IntentLoader<Module> {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  return {
    loaded: () => loaded,
    load: () => {
      loading ??= load().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          // A failed load (the network) is tried again on the next intent.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** Spread on a control's stand-in button. */
export interface StandInProps {
  onPointerEnter: () => void;
  onPointerDown: () => void;
  onClick: () => void;
  onFocus: () => void;
  onBlur: () => void;
}

/**
 * Code a control needs only once a person reaches for it (react-aria's list boxes, menus and popovers, tens of KB
 * each) loads when the pointer enters the control's stand-in, or the stand-in takes the focus or a press: not with
 * the page, where evaluating and rendering it held the main thread as the page settled (issue #14). The stand-in is
 * a button that looks and is named like the control. A press counts from its pointer-down: the control can replace
 * the stand-in between the down and the up of one click (the pointer entering started the load), and the control,
 * which saw no down, would ignore the up and the click.
 */
export function useOnIntent<Module>(loader: IntentLoader<Module>): {
  /** The control's module once loaded. */
  module: Module | undefined;
  intent: Intent;
  standInProps: StandInProps;
} {
  const [, setLoaded] = useState(loader.loaded() !== undefined);
  const [intent, setIntent] = useState<Intent>({ isPressed: false, hasFocus: false });
  const start = () =>
    void loader.load().then(
      () => setLoaded(true),
      () => undefined,
    );
  const press = () => {
    setIntent((now) => ({ ...now, isPressed: true }));
    start();
  };
  return {
    module: loader.loaded(),
    intent: { isPressed: intent.isPressed, hasFocus: intent.hasFocus && !intent.isPressed },
    standInProps: {
      onPointerEnter: start,
      onPointerDown: press,
      onClick: press,
      onFocus: () => {
        setIntent((now) => ({ ...now, hasFocus: true }));
        start();
      },
      onBlur: () => setIntent((now) => ({ ...now, hasFocus: false })),
    },
  };
}
