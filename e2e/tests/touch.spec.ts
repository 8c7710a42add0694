import type { Browser, Locator, Page } from '@playwright/test';
import { createAudit } from '../support/audits';
import { expect, signIn, test } from '../support/fixtures';

/**
 * Issue 18.3 "made for fingers": on a touch tablet (768 x 1024) and a touch phone (390 x 844)
 * every interactive element of the audit matrix, the preparation tab (list, groups, a row's
 * menu, the filter and sort drawers), the audit dialog, the standards pages, and (issue 12) the
 * measures list, the measure dialog and the dashboard is at least 44 x 44 CSS px, no two of them
 * overlap, and nothing scrolls sideways.
 */

const MIN = 44;

/** Everything a finger can hit, as a query; inputs count by their whole field (see below). */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="combobox"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

interface Finding {
  problems: string[];
  scrollWidth: number;
  innerWidth: number;
  measured: number;
}

/**
 * Measures in the page: each visible interactive element's target (a text field's target is its
 * whole outlined box, which focuses the input when touched), each pair of targets that overlap
 * without one holding the other, and every element that scrolls sideways.
 */
async function measure(page: Page): Promise<Finding> {
  return page.evaluate(
    ({ selector, min }) => {
      const nameOf = (element: Element): string => {
        const testId =
          element.getAttribute('data-testid') ??
          element.closest('[data-testid]')?.getAttribute('data-testid');
        const label =
          element.getAttribute('aria-label') ??
          (element.getAttribute('aria-labelledby')
            ? document.getElementById(element.getAttribute('aria-labelledby')!.split(' ')[0]!)
                ?.textContent
            : null) ??
          (element as HTMLElement).innerText?.trim().slice(0, 40) ??
          '';
        return `<${element.tagName.toLowerCase()}> "${label}"${testId ? ` [${testId}]` : ''}`;
      };
      const visible = (element: Element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        // Parked off-screen until focused (the skip link), not something a finger reaches.
        if (rect.bottom <= 0 || rect.right <= 0) return false;
        if (element.closest('[aria-hidden="true"], [inert]')) return false;
        const style = getComputedStyle(element);
        if (style.pointerEvents === 'none') return false;
        return element.checkVisibility({ opacityProperty: false, visibilityProperty: true });
      };
      // A field's target is its whole box (touching it anywhere focuses the input or opens
      // the select); a checkbox's or radio's is its button around the hidden input.
      const targetOf = (element: Element): Element =>
        element.matches('input, textarea, select, [role="combobox"], .MuiPickersSectionList-root *')
          ? (element.closest(
              '.MuiInputBase-root, .MuiPickersInputBase-root, .MuiButtonBase-root',
            ) ?? element)
          : element;
      // What of an element is on screen: scrolled-away parts of a scrolling container are not
      // where a finger can touch it, so they cannot overlap another control.
      const shownRect = (element: Element) => {
        const rect = element.getBoundingClientRect();
        let { left, top, right, bottom } = rect;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflow === 'visible') continue;
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          top = Math.max(top, clip.top);
          right = Math.min(right, clip.right);
          bottom = Math.min(bottom, clip.bottom);
        }
        return { left, top, right, bottom };
      };

      const targets = new Map<Element, string>();
      for (const element of document.querySelectorAll(selector)) {
        if (!visible(element)) continue;
        const target = targetOf(element);
        if (!targets.has(target)) targets.set(target, nameOf(element));
      }
      const problems: string[] = [];
      const rects = [...targets].map(([element, name]) => ({
        element,
        name,
        rect: element.getBoundingClientRect(),
        shown: shownRect(element),
      }));
      for (const { name, rect } of rects) {
        if (rect.width < min - 0.5 || rect.height < min - 0.5)
          problems.push(`${name} is ${Math.round(rect.width)} x ${Math.round(rect.height)}`);
      }
      // Room between neighbours: two targets may touch, not overlap (a target inside another,
      // like a chip's delete icon in the chip, is one control for this purpose).
      for (let i = 0; i < rects.length; i += 1) {
        for (let j = i + 1; j < rects.length; j += 1) {
          const a = rects[i]!;
          const b = rects[j]!;
          if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
          const x = Math.min(a.shown.right, b.shown.right) - Math.max(a.shown.left, b.shown.left);
          const y = Math.min(a.shown.bottom, b.shown.bottom) - Math.max(a.shown.top, b.shown.top);
          if (x > 1 && y > 1) problems.push(`${a.name} overlaps ${b.name}`);
        }
      }
      for (const element of document.querySelectorAll('*')) {
        if (element.matches('input, textarea')) continue;
        const style = getComputedStyle(element);
        if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
        if (element.scrollWidth > element.clientWidth + 1)
          problems.push(
            `${nameOf(element)} (.${[...element.classList].slice(0, 2).join('.')}) scrolls sideways: ${element.scrollWidth} > ${element.clientWidth}`,
          );
      }
      return {
        problems,
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        measured: rects.length,
      };
    },
    { selector: INTERACTIVE, min: MIN },
  );
}

/**
 * Checks the page at this moment, softly so one run reports every screen; `where` names it in
 * the failure message.
 */
async function expectFingerFriendly(page: Page, where: string): Promise<void> {
  // Let transitions (dialogs, drawers, menus) finish: a scaled-in element measures too small.
  // Endless ones (a progress bar) are no transition.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const found = await measure(page);
  expect.soft(found.measured, `${where}: interactive elements measured`).toBeGreaterThan(0);
  expect
    .soft(found.problems, `${where}: targets under ${MIN} x ${MIN}, overlapping or scrolling`)
    .toEqual([]);
  expect
    .soft(found.scrollWidth, `${where}: the page scrolls sideways`)
    .toBeLessThanOrEqual(found.innerWidth);
}

/** A touch device context, signed in as the admin. */
async function touchPage(
  browser: Browser,
  baseURL: string,
  device: { width: number; height: number; locale: string },
) {
  const context = await browser.newContext({
    baseURL,
    locale: device.locale,
    viewport: { width: device.width, height: device.height },
    // CSS pixels are what is measured; a 2x screen only quadrupled the software rendering.
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto('/signin');
  await signIn(page, undefined, device.locale.startsWith('de') ? 'de' : 'en');
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  return { context, page };
}

/** Opens the sitemap drawer from the top bar's menu button. */
async function openNavigation(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Main menu|Hauptmenü)$/ }).tap();
  await expect(page.getByTestId('left-drawer')).toBeVisible();
}

/** German as written on the shop floor: long compounds a narrow card must not cut in two. */
const LONG_FINDING =
  'Die Kalibrierscheine der Messschieber in der Wareneingangsprüfung fehlen, die Qualitätssicherungsvereinbarung verlangt eine Prüfmittelüberwachung mit Erstbemusterungsprüfbericht';

/**
 * Issue 34.8a: on a phone a finding card takes the list's whole content width, its text wraps
 * between words, never inside one, and nothing scrolls sideways.
 */
async function expectFullWidthFindingCard(card: Locator): Promise<void> {
  const found = await card.evaluate((element) => {
    const text = element.querySelector('[data-testid="exec-finding-text"]')!;
    const node = text.firstChild as Text;
    const range = document.createRange();
    const linesOf = (start: number, end: number) => {
      range.setStart(node, start);
      range.setEnd(node, end);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const broken: string[] = [];
    for (const word of node.data.matchAll(/\S+/g)) {
      if (linesOf(word.index, word.index + word[0].length) > 1) broken.push(word[0]);
    }
    const scrolling = document.scrollingElement!;
    const main = document.getElementById('main-content')!;
    return {
      card: element.getBoundingClientRect().width,
      // The list row's content column: the row less its padding and its sync state.
      content: element.closest('.qa-row-content')!.getBoundingClientRect().width,
      viewport: scrolling.clientWidth,
      lines: linesOf(0, node.data.length),
      broken,
      textOverflow: text.scrollWidth - text.clientWidth,
      page: [scrolling.scrollWidth, scrolling.clientWidth],
      main: [main.scrollWidth, main.clientWidth],
    };
  });
  // The page's and the row's padding and the row's sync state aside, the card spans the rest
  // (it had about half of it beside its buttons).
  expect.soft(found.card, "a finding card's width").toBeGreaterThanOrEqual(found.content - 1);
  expect.soft(found.card, "a finding card's width").toBeGreaterThanOrEqual(found.viewport * 0.7);
  expect.soft(found.lines, "the finding's text wraps").toBeGreaterThan(1);
  expect.soft(found.broken, 'words broken across lines').toEqual([]);
  expect.soft(found.textOverflow, "the finding's text overflows").toBeLessThanOrEqual(0);
  expect.soft(found.page[0], 'the page scrolls sideways').toBeLessThanOrEqual(found.page[1]!);
  expect.soft(found.main[0], 'the main area scrolls sideways').toBeLessThanOrEqual(found.main[1]!);
}

const QUESTIONS = [
  'no;text;hint;chapter_id;category',
  '1;Werden Prüfmittel regelmäßig kalibriert und ist die Kalibrierung dokumentiert?;Kalibrierscheine;4.1;Prüfmittel',
  '2;Sind die Arbeitsanweisungen am Arbeitsplatz verfügbar?;;4.2;Dokumentation',
  '3;Werden Abweichungen bewertet und Korrekturmaßnahmen verfolgt?;8D-Berichte;;Prozesse',
].join('\n');

const DEVICES = [
  {
    name: 'tablet',
    width: 768,
    height: 1024,
    locale: 'en-US',
    labels: ['Scope:', 'Created by:'],
  },
  {
    name: 'phone',
    width: 390,
    height: 844,
    locale: 'de-DE',
    labels: ['Geltungsbereich:', 'Erstellt von:'],
  },
];

for (const device of DEVICES) {
  test(`on a touch ${device.name} (${device.width} x ${device.height}, ${device.locale}) every control is at least ${MIN} x ${MIN} px and nothing scrolls sideways`, async ({
    browser,
    server,
  }) => {
    test.setTimeout(180_000);
    const phone = device.width < 600;
    const { context, page } = await touchPage(browser, server.url, device);
    try {
      expect(
        await page.evaluate(() => matchMedia('(pointer: coarse)').matches),
        'the context reports a coarse pointer',
      ).toBe(true);

      // An audit with three questions (from a CSV) to look at.
      const name = `Touch ${Date.now().toString(36).slice(-6)}`;
      // The admin is in its team, so it is on his dashboard (issue 12) too.
      const id = await createAudit(page, {
        name,
        lead: 'Otto Auditor',
        coauditor: 'Administrator',
      });
      await page.getByTestId('list-more-actions').click();
      await page.getByRole('menuitem').first().click();
      await page.getByTestId('item-import-text').fill(QUESTIONS);
      await page.getByTestId('item-import-submit').click();
      await expect(page.getByTestId('item-import-result')).toBeVisible();
      // The import's message: its close button is a target too. It hides itself after 5 s, so it
      // is looked at as soon as it shows, with its timer paused (a window blur pauses it, as on a
      // device whose user looks at another app).
      const message = page.getByTestId('snackbar-message');
      // (By tag: the open dialog hides the rest of the page from the accessibility tree.)
      const close = message.locator('button');
      await expect(close).toBeVisible();
      await page.evaluate(() => window.dispatchEvent(new Event('blur')));
      const closeBox = (await close.boundingBox())!;
      expect(
        Math.min(closeBox.width, closeBox.height),
        "the message's close button",
      ).toBeGreaterThanOrEqual(MIN);
      await close.tap();
      await expect(message).toBeHidden();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.getByTestId('item-import-close').click();
      await expect(page.getByTestId('list-row')).toHaveCount(3);

      // The preparation tab: rows, then grouped, a row's menu, the filter and sort drawers.
      await expectFingerFriendly(page, 'preparation tab');
      // On a phone the question keeps most of the width (it was a 130 px column).
      const textWidth = (await page.getByTestId('item-text').first().boundingBox())!.width;
      expect(textWidth, "width of a question's text").toBeGreaterThanOrEqual(device.width * 0.55);
      if (phone) {
        // Five phases do not fit as tabs: a menu names the current one and offers all five.
        await expect(page.getByRole('tab')).toHaveCount(0);
        await page.getByTestId('audit-phase-menu').tap();
        await expect(page.getByRole('menuitem')).toHaveCount(5);
        await expectFingerFriendly(page, 'phase menu');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
      } else {
        await expect(page.getByRole('tab')).toHaveCount(5);
        for (const tab of await page.getByRole('tab').all()) await expect(tab).toBeInViewport();
      }
      // The workflow stepper in the right drawer, from the header's transition button.
      await page.locator('[data-testid^="audit-transition-"]').first().tap();
      await expect(page.getByTestId('audit-stepper')).toBeVisible();
      await expectFingerFriendly(page, 'workflow stepper');
      await page.locator('[data-testid="audit-step-cancel"]:visible').tap();
      await expect(page.getByTestId('audit-stepper')).toBeHidden();

      await page.getByTestId('list-group-toggle').click();
      await expect(page.getByTestId('list-group-header').first()).toBeVisible();
      await expectFingerFriendly(page, 'preparation tab, grouped');
      await page.getByTestId('list-group-toggle').click();
      await page.locator('[data-testid^="item-menu-"]').first().tap();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectFingerFriendly(page, "a question's menu");
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await page.getByTestId('list-filter-button').click();
      await expect(page.getByTestId('list-filter-drawer')).toBeVisible();
      await expectFingerFriendly(page, 'filter drawer');
      await page.keyboard.press('Escape');
      await page.getByTestId('list-sort-button').click();
      await expect(page.getByTestId('list-sort-drawer')).toBeVisible();
      await expectFingerFriendly(page, 'sort drawer');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('list-sort-drawer')).toBeHidden();

      // The question dialog opens from a touch on the row itself.
      await page.getByTestId('list-row-open').first().tap();
      await expect(page.getByTestId('question-dialog')).toBeVisible();
      await expectFingerFriendly(page, 'question dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('question-dialog')).toBeHidden();

      // The audit dialog, from the audit's header (/audit/{id}/edit).
      await page.getByTestId('audit-edit').tap();
      await expect(page).toHaveURL(new RegExp(`/audit/${id}/edit$`));
      await expect(page.getByTestId('audit-dialog')).toBeVisible();
      await expectFingerFriendly(page, 'audit dialog');
      await page.getByTestId('audit-dialog-cancel').tap();
      await expect(page.getByTestId('audit-dialog')).toBeHidden();

      // Issue 11: the execution tab with a finding on each kind of row, and the finding dialog.
      await page.goto(`/audit/${id}/auditexecution`);
      const rows = page.locator('[data-testid^="exec-row-"]');
      await expect(rows).toHaveCount(3);
      await rows.nth(0).getByTestId('exec-quick-ok').tap();
      await expect(rows.nth(0).getByTestId('exec-completed')).toBeVisible();
      await rows.nth(1).getByTestId('exec-add-finding').tap();
      await expect(page.getByTestId('finding-dialog')).toBeVisible();
      await expectFingerFriendly(page, 'finding dialog');
      await page.getByTestId('finding-text').fill(LONG_FINDING);
      await page.getByTestId('finding-save').tap();
      await expect(page.getByTestId('finding-dialog')).toBeHidden();
      await expect(rows.nth(1).getByTestId('exec-finding-open')).toBeVisible();
      // The two saves' message lies over the list for a while by design: saves in a row are one
      // counted message (or the first has gone by itself on a slow machine), closed by a touch.
      await page.getByTestId('snackbar-message').getByRole('button').tap();
      await expect(page.getByTestId('snackbar-message')).toBeHidden();
      await expectFingerFriendly(page, 'execution tab');
      if (phone) await expectFullWidthFindingCard(rows.nth(1).getByTestId('exec-finding-open'));

      // Issue 11.7: the wrap-up tab and the company data dialog.
      await page.goto(`/audit/${id}/auditwrapup`);
      await expect(page.getByTestId('wrapup-unanswered')).toBeVisible();
      await expectFingerFriendly(page, 'wrap-up tab');
      await page.getByTestId('wrapup-company-edit').tap();
      await expect(page.getByTestId('company-dialog')).toBeVisible();
      await expectFingerFriendly(page, 'company data dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('company-dialog')).toBeHidden();

      // Issue 13: the reporting tab and the explanation of a result.
      await page.goto(`/audit/${id}/auditreporting`);
      await expect(page.getByTestId('reporting-charts')).toBeVisible();
      await expectFingerFriendly(page, 'reporting tab');
      await page.getByTestId('reporting-explain-total').tap();
      await expect(page.getByTestId('reporting-explanation')).toBeVisible();
      await expectFingerFriendly(page, 'explanation dialog');
      await page.getByTestId('reporting-explain-close').tap();
      await expect(page.getByTestId('reporting-explanation')).toBeHidden();

      // The matrix through the navigation drawer, with the new audit in it (each value named in
      // the card layout), its menu and the create dialog.
      await openNavigation(page);
      await expectFingerFriendly(page, 'navigation drawer');
      await page.getByTestId('left-drawer').locator('a[href="/auditmatrix"]').tap();
      const row = page.getByTestId(`audit-row-${id}`);
      await expect(row).toBeVisible();
      for (const label of device.labels) await expect(row.getByText(label)).toBeVisible();
      await expectFingerFriendly(page, 'audit matrix');
      await page.getByTestId(`audit-menu-${id}`).tap();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectFingerFriendly(page, "an audit's menu");
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await page.getByTestId('audit-create').tap();
      await expect(page.getByTestId('audit-dialog')).toBeVisible();
      await expectFingerFriendly(page, 'create dialog');
      await page.getByTestId('audit-dialog-cancel').tap();
      await expect(page.getByTestId('audit-dialog')).toBeHidden();

      // The standards and one standard, opened by touching its row.
      await openNavigation(page);
      await page.getByTestId('left-drawer').locator('a[href="/standards"]').tap();
      await expect(page.getByTestId('standard-row-iso9001')).toBeVisible();
      await expectFingerFriendly(page, 'standards');
      await page.getByTestId('standard-row-iso9001').tap();
      await expect(page).toHaveURL(/\/standard\/iso9001$/);
      await expect(page.getByTestId('standard-chapters')).toBeVisible();
      await expectFingerFriendly(page, 'standard page');

      // Issue 12: the measures list, the measure dialog (new, then an existing measure with its
      // status, steps and star) and the dashboard with an entry in each widget.
      await openNavigation(page);
      await page.getByTestId('left-drawer').locator('a[href="/measures"]').tap();
      await page.getByTestId('measure-create').tap();
      const measureDialog = page.getByTestId('measure-dialog');
      await expect(measureDialog).toBeVisible();
      await expectFingerFriendly(page, 'new measure dialog');
      const text = `${name} measure`;
      await measureDialog.getByTestId('measure-text').fill(text);
      await measureDialog.getByTestId('measure-assignees').fill('Administrator');
      await page
        .getByRole('option', { name: /^Administrator/ })
        .first()
        .tap();
      await measureDialog.getByTestId('measure-save').tap();
      await expect(measureDialog).toBeHidden();
      const measureRow = page.getByTestId('list-row-open').filter({ hasText: text });
      await expect(measureRow).toBeVisible();
      // The save's message lies over the list for a while by design.
      await page.getByTestId('snackbar-message').getByRole('button').tap();
      await expect(page.getByTestId('snackbar-message')).toBeHidden();
      await expectFingerFriendly(page, 'measures list');
      await measureRow.tap();
      await expect(measureDialog.getByTestId('measure-status')).toBeVisible();
      const star = measureDialog.locator('[data-testid^="favorite-measures-"]');
      await star.tap();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      await expectFingerFriendly(page, 'measure dialog');
      await page.keyboard.press('Escape');
      await expect(measureDialog).toBeHidden();

      await openNavigation(page);
      await page.getByTestId('left-drawer').locator('a[href="/"]').tap();
      await expect(page.locator('[data-testid^="dashboard-audit-"]').first()).toBeVisible();
      await expect(page.getByTestId('dashboard-measures')).toContainText(text);
      await expect(page.getByTestId('dashboard-favorites')).toContainText(text);
      await expectFingerFriendly(page, 'dashboard');
    } finally {
      await context.close();
    }
  });
}
