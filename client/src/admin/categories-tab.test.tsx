import { CONSOLE_TEXT, SERVER_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { aCategory } from '../testing/forum-fixtures.ts';
import { callsTo, json } from '../testing/mock-api.ts';
import { renderConsole } from '../testing/render-console.tsx';

configure({ asyncUtilTimeout: 10_000 });

const categories = [
  aCategory({ id: 3, name: 'Premium Resources', icon: 'Gem', color: 'warning', isPremium: true, premiumCost: 100 }),
  aCategory({ id: 4, name: 'Showcase', icon: 'Trophy', color: 'success', threadCount: 0 }),
];
const lastToast = () => useToastStore.getState().toasts.at(-1);

describe('the categories tab', { timeout: 30_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each category with its icon, colour, description and a dollar premium price', async () => {
    await renderConsole('categories', { 'GET /api/admin/categories': json(categories) });
    const premium = await screen.findByRole('listitem', { name: 'Premium Resources' });
    expect(within(premium).getByText('$100')).toBeTruthy();
    expect(within(premium).getByText('Gem · warning')).toBeTruthy();
    expect(within(premium).getByText('VPNs, threat models, hardening')).toBeTruthy();
  });

  it("says 'No categories found...' for an empty list", async () => {
    await renderConsole('categories', { 'GET /api/admin/categories': json([]) });
    expect(await screen.findByText(CONSOLE_TEXT.noCategories)).toBeTruthy();
  });

  it('creates a category: the cost field shows only for premium, with placeholder 50', async () => {
    const { user, fetchMock } = await renderConsole('categories', {
      'GET /api/admin/categories': json(categories),
      'POST /api/admin/categories': json(aCategory({ id: 9, name: 'Deals' }), 201),
    });
    await user.click(await screen.findByRole('button', { name: 'New Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Category' });
    expect(within(dialog).queryByRole('textbox', { name: 'Premium cost' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(within(dialog).getByText(CONSOLE_TEXT.categoryNameRequired)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Deals');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Group discounts');
    await user.click(within(dialog).getByRole('switch', { name: /Premium category/ }));
    const cost = within(dialog).getByRole('textbox', { name: 'Premium cost' });
    expect(cost.getAttribute('placeholder')).toBe('50');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(within(dialog).getByText(CONSOLE_TEXT.categoryCostInvalid)).toBeTruthy();
    await user.type(cost, '75');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/admin/categories')[0]?.body).toEqual({
      name: 'Deals',
      description: 'Group discounts',
      icon: 'LineChart',
      color: 'primary',
      isPremium: true,
      premiumCost: 75,
    });
    expect(lastToast()?.title).toBe(CONSOLE_TEXT.categoryCreated);
  });

  it("edits a category and says 'Error updating category' when the server refuses", async () => {
    const { user, fetchMock } = await renderConsole('categories', {
      'GET /api/admin/categories': json(categories),
      'PUT /api/admin/categories/4': json({ message: 'Name taken' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Showcase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Category' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: CONSOLE_TEXT.updateCategoryFailed, description: 'Name taken' }),
    );
    expect(callsTo(fetchMock, 'PUT /api/admin/categories/4')[0]?.body).toMatchObject({
      icon: 'Trophy',
      color: 'success',
      isPremium: false,
      premiumCost: null,
    });
  });

  it("shows why a category with threads cannot be deleted, in the dialog and as 'Error deleting category'", async () => {
    const { user } = await renderConsole('categories', {
      'GET /api/admin/categories': json(categories),
      'DELETE /api/admin/categories/3': json({ message: SERVER_TEXT.categoryHasThreads, code: 'CONFLICT' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Premium Resources' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Premium Resources?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Category' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', SERVER_TEXT.categoryHasThreads);
    expect(lastToast()).toMatchObject({
      title: CONSOLE_TEXT.deleteCategoryFailed,
      description: SERVER_TEXT.categoryHasThreads,
    });
  });
});
