import type { Locator, Page } from '@playwright/test';
import { ADMIN } from '../support/environment';
import { expect, test } from '../support/fixtures';

/**
 * Issue 18.4: the whole first journey by keyboard only (sign in, create an audit, add a question
 * and deactivate it, one stepper step), asserting after each step where the focus is (by role
 * and name) and that the focused control shows an indicator (outline, or a field's border) of
 * at least 3:1 against what is behind it.
 */

/**
 * Presses `key` until `target` has the focus, as a keyboard user gets there. Fails after `max`
 * presses: then the control is not reachable by that key.
 */
async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 80) {
  await target.waitFor();
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

interface Ring {
  style: string;
  width: number;
  /** Against the first opaque background behind it. */
  contrast: number;
}

/**
 * The focus indicator of a control: the outline around it; a step of the stepper draws it
 * around its label, an outlined field as its own (notched) border, so it does not cross the
 * field's label.
 */
function ringOf(target: Locator): Promise<Ring> {
  return target.evaluate((element) => {
    const parse = (color: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const [lr, lg, lb] = [r, g, b].map((value) => {
        const channel = value / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    // MUI's fields, and the app's plain outlined fields (components/form/outlined-field.tsx).
    const field = element.closest('.MuiInputBase-root, .MuiPickersInputBase-root, .qa-field');
    const border = field?.querySelector(
      ':scope > .MuiOutlinedInput-notchedOutline, :scope > .MuiPickersOutlinedInput-notchedOutline, :scope > .qa-field-outline',
    );
    const box = border
      ? field!
      : (element.querySelector(':scope.MuiStepButton-root > .MuiStepLabel-root') ?? element);
    const style = getComputedStyle(border ?? box);
    const indicator = border
      ? { style: style.borderTopStyle, width: style.borderTopWidth, color: style.borderTopColor }
      : { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
    let behind = { r: 255, g: 255, b: 255, a: 1 };
    for (let node = border ? box : box.parentElement; node; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color.a > 0.5) {
        behind = color;
        break;
      }
    }
    const [light, dark] = [luminance(parse(indicator.color)), luminance(behind)].sort(
      (x, y) => y - x,
    );
    return {
      style: indicator.style,
      width: parseFloat(indicator.width),
      contrast: (light! + 0.05) / (dark! + 0.05),
    };
  });
}

/**
 * The focused control shows a solid indicator, 3 px (fields: more than their 1 px border), at
 * least 3:1 against its background.
 */
async function expectRing(target: Locator) {
  await expect(target).toBeFocused();
  // MUI marks keyboard focus a moment after the focus event.
  await expect.poll(async () => (await ringOf(target)).width).toBeGreaterThanOrEqual(3);
  const ring = await ringOf(target);
  expect(ring.style).toBe('solid');
  expect(ring.contrast).toBeGreaterThanOrEqual(3);
}

/**
 * The page's h1 has the focus. A new page may first load its code: on a busy machine that takes
 * longer than an assertion's usual wait, so the page gets longer to show up (focus is then
 * checked with the usual wait).
 */
async function expectArrivalAt(page: Page, title: string) {
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(heading).toBeFocused();
}

test('keyboard only: sign in, an audit, a question added and deactivated, one stepper step; the focus lands where the work continues, with a visible ring', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36).slice(-6);
  const auditName = `Keyboard ${suffix}`;
  const questionText = `Is the hall signposted? ${suffix}`;

  // Sign in: the e-mail field has the focus, Tab reaches the password, Enter signs in.
  await page.goto('/signin?redirect=%2Fauditmatrix');
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await expectRing(email);
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');

  // The matrix: its h1 has the focus; no heading level is skipped after it.
  await expectArrivalAt(page, 'Audit programme');
  const levels = await page
    .getByRole('heading')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0)
      expect(level, `heading levels ${levels.join(' ')}`).toBeLessThanOrEqual(
        levels[index - 1]! + 1,
      );
  });

  // A new audit: the dialog opens on its name.
  const create = page.getByRole('button', { name: 'New audit' });
  await pressUntilFocused(page, create);
  await expectRing(create);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New audit' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();

  // Saving too early is refused: the focus goes to the first field in error, not stays on Save.
  await page.keyboard.press('Shift+Tab');
  const save = dialog.getByRole('button', { name: 'Save' });
  await expectRing(save);
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expectRing(name);
  await page.keyboard.type(auditName);

  // The scope's selects, by type-ahead in their lists.
  for (const [label, option] of [
    [/^Plant/, 'Styr'],
    [/^Product line/, 'TGX'],
  ] as const) {
    const select = dialog.getByRole('combobox', { name: label });
    await pressUntilFocused(page, select);
    await expectRing(select);
    await page.keyboard.press('Enter');
    await page.keyboard.type(option);
    await expect(page.getByRole('option', { name: option, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(select).toBeFocused();
    await expect(select).toHaveText(option);
  }

  // The lead auditor: one ArrowDown past the match does not open "add person"; Enter picks him.
  const lead = dialog.getByRole('combobox', { name: /^Lead auditor/ });
  await pressUntilFocused(page, lead);
  await page.keyboard.type('Otto');
  await expect(page.getByRole('option', { name: /^Otto Auditor/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(lead).toHaveValue('Otto Auditor');
  await expect(page.getByRole('dialog', { name: 'New person' })).toHaveCount(0);
  await expect(lead).toBeFocused();
  // Creating a person is the next stop of its own.
  await page.keyboard.press('Tab');
  await expectRing(dialog.getByRole('button', { name: 'Add person: Lead auditor' }));

  // Saved: the new audit's page, its h1 has the focus.
  await pressUntilFocused(page, save);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/audit\/[^/]+\/auditpreparation$/);
  await expectArrivalAt(page, auditName);

  // A question: the dialog opens on its text; after saving, the focus is back on the button.
  const newQuestion = page.getByRole('button', { name: 'New question' });
  await pressUntilFocused(page, newQuestion);
  await expectRing(newQuestion);
  await page.keyboard.press('Enter');
  const questionDialog = page.getByRole('dialog', { name: 'New audit question' });
  const text = questionDialog.getByRole('textbox', { name: 'Question' });
  await expect(text).toBeFocused();
  await expectRing(text);
  await page.keyboard.type(questionText);
  await pressUntilFocused(page, questionDialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(questionDialog).toBeHidden();
  await expect(newQuestion).toBeFocused();

  // Deactivate it from its row's menu; the focus comes back to the menu's button.
  const row = page.getByRole('listitem').filter({ hasText: questionText });
  const menu = row.getByRole('button', { name: /^Actions for question/ });
  await pressUntilFocused(page, menu);
  await expectRing(menu);
  await page.keyboard.press('Enter');
  await pressUntilFocused(
    page,
    page.getByRole('menuitem', { name: /^Deactivate/ }),
    'ArrowDown',
    10,
  );
  await page.keyboard.press('Enter');
  await expect(row.getByTestId('item-deactivated')).toBeVisible();
  await expect(menu).toBeFocused();

  // One stepper step: the transition opens the drawer on the step's comment.
  const transition = page.getByRole('button', { name: 'Created', exact: true });
  await pressUntilFocused(page, transition, 'Shift+Tab');
  await expectRing(transition);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Audit workflow' });
  const comment = drawer.getByRole('textbox', { name: 'Comment (optional)' });
  await expectRing(comment);
  // The step it opened on is a button above it, with a ring too.
  await page.keyboard.press('Shift+Tab');
  // "Created" leads to Preparation: the step that releases the audit (decision 71).
  await expectRing(drawer.getByRole('button', { name: /Release audit/ }));
  await page.keyboard.press('Tab');
  await expect(comment).toBeFocused();
  await page.keyboard.type('Questions complete');
  await page.keyboard.press('Tab');
  const next = drawer.getByRole('button', { name: 'Continue' });
  await expectRing(next);
  await page.keyboard.press('Enter');

  // Continue: the preparation tab of the released audit, the audit's h1 has the focus (not the
  // page body, nor the transition button that is gone with the old status).
  await expect(page).toHaveURL(/\/audit\/[^/]+\/auditpreparation$/);
  await expect(drawer).toBeHidden();
  await expectArrivalAt(page, auditName);
  await expect(page.getByTestId('audit-status')).toHaveText('Preparation');
});
