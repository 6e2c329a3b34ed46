import type { ReactNode } from 'react';
import { type Key, Tab, TabList, TabPanel, Tabs, type TabsProps } from 'react-aria-components';
import * as styles from './tabs.css.ts';

export interface TabItem {
  id: Key;
  label: ReactNode;
  panel: ReactNode;
}

interface SegmentedTabsProps extends Pick<TabsProps, 'selectedKey' | 'onSelectionChange'> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem[];
  className?: string;
  tabListClassName?: string;
}

const join = (...classNames: (string | undefined)[]) => classNames.filter(Boolean).join(' ');

/** Tabs as a segmented control over their panels; only the selected panel is rendered. */
export function SegmentedTabs({ label, tabs, className, tabListClassName, ...props }: SegmentedTabsProps) {
  return (
    <Tabs className={join(styles.tabs, className)} {...props}>
      <TabList className={join(styles.tabList, tabListClassName)} aria-label={label}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={styles.tab}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={styles.tabPanel}>
          {tab.panel}
        </TabPanel>
      ))}
    </Tabs>
  );
}
