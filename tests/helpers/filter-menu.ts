// Picking from a menu of components/filter-menu.tsx (the links page's Status, Tag, Domain and Sort)
// the way a person does: open the button named "<menu>: <current>", click the option.
import type { Page } from 'playwright-core';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The menu's button; its name is "<menu>: <current choice>". */
export const menuButton = (page: Page, menu: string) => page.getByRole('button', { name: new RegExp(`^${escapeRegExp(menu)}: `) });

export async function chooseFromMenu(page: Page, menu: string, option: string): Promise<void> {
  await menuButton(page, menu).click();
  await page.getByRole('listbox', { name: menu }).getByRole('option', { name: option, exact: true }).click();
}
