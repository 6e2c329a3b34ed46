import { CATEGORY_ICONS, THREAD_TEXT } from '@enclave/protocol';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCategory } from '../testing/forum-fixtures.ts';
import { renderWithRouter } from '../testing/render-with-router.tsx';
import { CategoryCard, type CategoryCardData } from './category-card.tsx';
import { categoryIcon } from './category-look.ts';

async function renderCard(category: CategoryCardData) {
  renderWithRouter(<CategoryCard category={category} />);
  return screen.findByRole('link');
}

describe('category card', () => {
  it('links to the category with its name, description, thread count and last activity', async () => {
    const card = await renderCard(
      aCategory({ threadCount: 12, lastActivity: new Date(Date.now() - 2 * 3600_000).toISOString() }),
    );
    expect(card.getAttribute('href')).toBe('/category/3');
    expect(within(card).getByRole('heading', { name: 'Privacy Tools' })).toBeTruthy();
    expect(within(card).getByText('VPNs, threat models, hardening')).toBeTruthy();
    expect(within(card).getByText('12 threads')).toBeTruthy();
    expect(within(card).getByText('Active 2 hours ago')).toBeTruthy();
  });

  it("defaults to 0 threads and 'No activity yet'", async () => {
    const { threadCount: _count, ...withoutCount } = aCategory({ lastActivity: null });
    const card = await renderCard(withoutCount);
    expect(within(card).getByText('0 threads')).toBeTruthy();
    expect(within(card).getByText(THREAD_TEXT.noActivity)).toBeTruthy();
  });

  it('marks a premium category', async () => {
    expect(within(await renderCard(aCategory({ isPremium: true, premiumCost: 50 }))).getByText('Premium')).toBeTruthy();
  });

  it('has an icon for each of the sixteen names and the message icon for any other value', async () => {
    const icons = CATEGORY_ICONS.map(categoryIcon);
    expect(new Set(icons).size).toBe(CATEGORY_ICONS.length);
    expect(categoryIcon('Rocket')).toBe(categoryIcon('MessageSquare'));
    expect(categoryIcon('toString')).toBe(categoryIcon('MessageSquare'));

    const card = await renderCard(aCategory({ icon: 'Rocket' }));
    expect(card.querySelector('svg')?.getAttribute('class')).toContain('lucide-message-square');
  });
});
