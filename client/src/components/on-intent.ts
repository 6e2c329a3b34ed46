import { useState } from 'react';

/** What a person did to a control's stand-in before the control's code came. */
export interface Intent {
  /** Pressed it: the control opens as it arrives. */
  isPressed: boolean;
  /** Focused it without pressing it: the control takes the focus as it arrives (a pressed one, open, moves it itself). */
  hasFocus: boolean;
}

/**
 * Code a control needs only once a person reaches for it (react-aria's list boxes, menus and popovers, tens of KB
 * each) loads when the pointer enters the control's stand-in, or the stand-in takes the focus or a press: not with
 * the page, where evaluating and rendering it held the main thread as the page settled (issue #14). The stand-in is
 * a button that looks and is named like the control. A press counts from its pointer-down: the control can replace
 * the stand-in between the down and the up of one click (the pointer entering started the load), and the control,
 * which saw no down, would ignore the up and the click.
 *
 * `onIntent(load)` is called once per control kind, at module level; its hook is used by each instance.
 */
export function onIntent<Module>(load: () => Promise<Module>) {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const fetchModule = () => {
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
  };

  return function useOnIntent() {
    const [, setLoaded] = useState(loaded !== undefined);
    const [intent, setIntent] = useState<Intent>({ isPressed: false, hasFocus: false });
    const start = () =>
      void fetchModule().then(
        () => setLoaded(true),
        () => undefined,
      );
    const press = () => {
      setIntent((now) => ({ ...now, isPressed: true }));
      start();
    };
    return {
      /** The control's module once loaded, for every instance. */
      module: loaded,
      intent: { isPressed: intent.isPressed, hasFocus: intent.hasFocus && !intent.isPressed },
      /** Spread on the stand-in's button. */
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
  };
}
