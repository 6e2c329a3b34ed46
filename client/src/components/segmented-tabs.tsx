import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import * as styles from './tabs.css.ts';

export type TabKey = string | number;

export interface TabItem {
  id: TabKey;
  label: ReactNode;
  panel: ReactNode;
}

interface SegmentedTabsProps {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem[];
  className?: string;
  tabListClassName?: string;
  /** The selected tab, when the page holds it (a search parameter); otherwise the tabs hold it, the first at start. */
  selectedKey?: TabKey;
  onSelectionChange?: (key: TabKey) => void;
}

const join = (...classNames: (string | undefined)[]) => classNames.filter(Boolean).join(' ');

/** Where the arrow keys, Home and End move the focus (and the selection) in a horizontal tab list. */
function nextIndex(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * Tabs as a segmented control over their panels; only the selected panel is rendered. Native buttons with the
 * WAI-ARIA tabs pattern (one tab stop, arrow keys, Home and End select as they move), not react-aria's Tabs: its
 * collection renders in three commits (an empty list, the tabs, then the panel), each painted on a slow phone, and
 * everything below the tabs moved down as the panel came (the wallet's layout shift of 0.24-0.44, issue #26); its
 * modules were also most of the react-aria these pages evaluated before their first render.
 */
export function SegmentedTabs({
  label,
  tabs,
  className,
  tabListClassName,
  selectedKey,
  onSelectionChange,
}: SegmentedTabsProps) {
  const [ownKey, setOwnKey] = useState<TabKey | undefined>(undefined);
  const selected = tabs.find((tab) => tab.id === (selectedKey ?? ownKey)) ?? tabs[0];
  const baseId = useId();
  const tabButtons = useRef(new Map<TabKey, HTMLButtonElement>());
  const idOf = (key: TabKey, part: 'tab' | 'panel') => `${baseId}-${part}-${String(key)}`;

  const select = (key: TabKey) => {
    if (selectedKey === undefined) setOwnKey(key);
    if (key !== selected?.id) onSelectionChange?.(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, at: number) => {
    const next = nextIndex(event.key, at, tabs.length);
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    tabButtons.current.get(tab.id)?.focus();
    select(tab.id);
  };

  return (
    <div className={join(styles.tabs, className)}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={join(styles.tabList, tabListClassName)}
      >
        {tabs.map((tab, at) => {
          const isSelected = tab.id === selected?.id;
          return (
            <button
              key={tab.id}
              ref={(button) => {
                if (button) tabButtons.current.set(tab.id, button);
                else tabButtons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={idOf(tab.id, 'tab')}
              aria-selected={isSelected}
              aria-controls={isSelected ? idOf(tab.id, 'panel') : undefined}
              tabIndex={isSelected ? 0 : -1}
              data-selected={isSelected || undefined}
              className={styles.tab}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKeyDown(event, at)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {selected && (
        <div
          key={selected.id}
          role="tabpanel"
          id={idOf(selected.id, 'panel')}
          aria-labelledby={idOf(selected.id, 'tab')}
          className={styles.tabPanel}
        >
          {selected.panel}
        </div>
      )}
    </div>
  );
}
