import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../lib/i18n/detect-language';
import { createI18n } from '../../lib/i18n/i18n';
import { GroupedList, nextRowCount, type GroupedListProps } from './grouped-list';
import { ListMoreActions } from './list-more-actions';
import { CONFIG, makeAudits, type Audit } from './list-test-data';

function renderList(props: Partial<GroupedListProps<Audit>> = {}, language: Language = 'en') {
  const i18n = createI18n(language);
  const renderRow = vi.fn((audit: Audit) => <span data-testid="row-name">{audit.name}</span>);
  const element = (more: Partial<GroupedListProps<Audit>>) => (
    <I18nextProvider i18n={i18n}>
      <GroupedList<Audit>
        items={makeAudits(60)}
        getId={(audit) => audit.id}
        config={CONFIG}
        renderRow={renderRow}
        getSearchText={(audit) => audit.name}
        label="Audits"
        searchDebounceMs={20}
        {...more}
      />
    </I18nextProvider>
  );
  const view = render(element(props));
  /** Renders the same list again with other props (the render functions stay the same). */
  const renderAgain = (more: Partial<GroupedListProps<Audit>>) =>
    view.rerender(element({ ...props, ...more }));
  return { ...view, renderRow, renderAgain };
}

function rowNames(): string[] {
  return screen.queryAllByTestId('row-name').map((row) => row.textContent ?? '');
}

/** Opens the filter drawer (its panel loads when first opened). */
async function openFilter() {
  fireEvent.click(screen.getByTestId('list-filter-button'));
  return within(await screen.findByRole('dialog', { name: 'Filter' }));
}

async function closeDrawer() {
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

function typeSearch(text: string) {
  fireEvent.change(screen.getByTestId('list-search'), { target: { value: text } });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('GroupedList: rows', () => {
  it('renders again only the row whose item changed', () => {
    const items = makeAudits(60);
    const { renderRow, renderAgain } = renderList({ items });
    expect(renderRow).toHaveBeenCalledTimes(25);
    renderRow.mockClear();
    const changed = items.map((audit, index) =>
      index === 2 ? { ...audit, name: `${audit.name} (renamed)` } : audit,
    );
    renderAgain({ items: changed });
    expect(renderRow).toHaveBeenCalledTimes(1);
    expect(renderRow.mock.calls[0]![0]).toBe(changed[2]);
    expect(rowNames()).toContain('Audit 3 (renamed)');
  });

  it('renders a long page in steps, each row once', () => {
    // The steps: a screenful, then a screenful or a quarter more, so a thousand rows take about
    // twenty commits and none of them renders a third of the page.
    const steps = [10];
    while (steps.at(-1)! < 1000) steps.push(nextRowCount(steps.at(-1)!));
    expect(steps.slice(0, 6)).toEqual([10, 20, 30, 40, 50, 62]);
    expect(steps.length).toBeLessThanOrEqual(22);
    for (let step = 1; step < steps.length; step++)
      expect(steps[step]! - steps[step - 1]!).toBeLessThanOrEqual(Math.max(10, steps[step]! / 4));
    const { renderRow } = renderList({
      items: makeAudits(120),
      config: { ...CONFIG, pageSizes: [null] },
    });
    expect(rowNames()).toHaveLength(120);
    expect(renderRow).toHaveBeenCalledTimes(120);
  });

  it('renders only the current page, sorted by the default sorting', () => {
    const { renderRow } = renderList({ items: makeAudits(1000) });
    expect(rowNames()).toHaveLength(25);
    expect(rowNames().slice(0, 3)).toEqual(['Audit 1', 'Audit 2', 'Audit 3']);
    expect(renderRow).toHaveBeenCalledTimes(25);
    expect(screen.getByTestId('list-count').textContent).toBe('1000 entries');
  });

  it('shows the sync state of a row and the empty texts', () => {
    renderList({
      items: makeAudits(2),
      getSyncState: (audit) => (audit.id === 'a1' ? 'unsync' : 'sync'),
    });
    expect(screen.getByRole('img', { name: 'Changes not yet synchronized' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Synchronized' })).toBeTruthy();
    cleanup();

    renderList({ items: [], emptyText: 'No audits yet' });
    expect(screen.getByTestId('list-empty').textContent).toBe('No audits yet');
    cleanup();

    renderList({ items: [], loading: true });
    expect(screen.queryByTestId('list-empty')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Loading entries' })).toBeTruthy();
  });
});

describe('GroupedList: rows that open their item (issue 18.3)', () => {
  it('makes the whole row a button that opens the item by click, Enter and Space', () => {
    const opened: string[] = [];
    renderList({
      items: makeAudits(2),
      getRowOpen: (audit) =>
        audit.id === 'a0' ? { onOpen: () => opened.push(audit.id) } : undefined,
      getSyncState: () => 'sync',
    });
    const [first, second] = screen.getAllByTestId('row-name');
    const button = first!.closest<HTMLElement>('[role="button"]')!;
    expect(button.getAttribute('tabindex')).toBe('0');
    expect(button.getAttribute('data-testid')).toBe('list-row-open');
    fireEvent.click(first!);
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.keyUp(button, { key: ' ' });
    expect(opened).toEqual(['a0', 'a0', 'a0']);
    // The sync state stays outside the button, so it keeps its own name.
    expect(button.contains(screen.getAllByRole('img', { name: 'Synchronized' })[0]!)).toBe(false);
    // An item that cannot be opened is a plain row.
    expect(second!.closest('[role="button"]')).toBeNull();
  });

  it('makes the whole row a link, and puts the row actions beside it, not in it', () => {
    renderList({
      items: makeAudits(1),
      getRowOpen: (audit) => ({ href: `/audit/${audit.id}` }),
      renderRowActions: (audit) => <button type="button">{`Actions for ${audit.name}`}</button>,
    });
    const link = screen.getByRole('link', { name: 'Audit 1' });
    expect(link.getAttribute('href')).toBe('/audit/a0');
    const actions = screen.getByRole('button', { name: 'Actions for Audit 1' });
    expect(link.contains(actions)).toBe(false);
    expect(screen.getByTestId('list-row').contains(actions)).toBe(true);
  });

  it('puts destructive menu entries last, after a divider', async () => {
    const ran: string[] = [];
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <ListMoreActions
          label="Actions for question 1"
          testId="row-menu"
          actions={[
            { id: 'delete', label: 'Delete', danger: true, onClick: () => ran.push('delete') },
            { id: 'edit', label: 'Edit', onClick: () => ran.push('edit') },
            { id: 'deactivate', label: 'Deactivate', onClick: () => ran.push('deactivate') },
          ]}
        />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions for question 1' }));
    const menu = within(await screen.findByRole('menu'));
    const items = [...menu.getAllByRole('menuitem'), menu.getByRole('separator')];
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Deactivate', 'Delete', '']);
    // In document order: the separator stands between the others and Delete.
    const order = items.sort((a, b) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    expect(order.map((item) => item.getAttribute('role'))).toEqual([
      'menuitem',
      'menuitem',
      'separator',
      'menuitem',
    ]);
    fireEvent.click(menu.getByRole('menuitem', { name: 'Delete' }));
    expect(ran).toEqual(['delete']);
  });
});

describe('GroupedList: search', () => {
  it('narrows the list after the pause, not on each keystroke', async () => {
    const { renderRow } = renderList({ searchDebounceMs: 200 });
    renderRow.mockClear();
    typeSearch('Audit 1');
    typeSearch('Audit 12');
    // The keystrokes re-rendered the search box only.
    expect(renderRow).not.toHaveBeenCalled();
    expect(rowNames()).toHaveLength(25);
    await waitFor(() => expect(rowNames()).toEqual(['Audit 12']));
    expect(screen.getByTestId('list-count').textContent).toBe('1 entry');
  });

  it('searches at once on Enter, needs every word, and Escape or the clear button empty it', () => {
    renderList({ searchDebounceMs: 10_000 });
    const box = screen.getByTestId('list-search');
    typeSearch('audit 5');
    fireEvent.keyDown(box, { key: 'Enter' });
    // Every name with "audit" and "5" in it, in name order (digits compare as numbers).
    expect(rowNames().slice(0, 6)).toEqual([
      'Audit 5',
      'Audit 15',
      'Audit 25',
      'Audit 35',
      'Audit 45',
      'Audit 50',
    ]);
    expect(rowNames()).toHaveLength(15);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('list-count').textContent).toBe('60 entries');

    typeSearch('nothing like this');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('list-empty').textContent).toBe(
      'No entries match the search and filters',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(rowNames()).toHaveLength(25);
    expect(document.activeElement).toBe(box);
  });
});

describe('GroupedList: facets and chips', () => {
  it('lists facet values with counts over the other facets and the search', async () => {
    renderList();
    let drawer = await openFilter();
    const standard = within(drawer.getByTestId('facet-standard'));
    expect(drawer.getByRole('group', { name: 'Standard' })).toBe(
      drawer.getByTestId('facet-standard'),
    );
    expect(
      standard.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent),
    ).toEqual(['iso9001 (20)', 'iso14001 (20)', 'iso50001 (20)']);

    fireEvent.click(drawer.getByRole('checkbox', { name: 'process (30)' }));
    // Standards now count process audits only; the type facet still counts all its values.
    expect(drawer.getByRole('checkbox', { name: 'iso9001 (10)' })).toBeTruthy();
    expect(drawer.getByRole('checkbox', { name: 'system (30)' })).toBeTruthy();
    expect(drawer.getByRole('checkbox', { name: 'process (30)' })).toHaveProperty('checked', true);

    // The free-text box narrows the values.
    fireEvent.change(drawer.getByTestId('list-filter-search'), { target: { value: '140' } });
    expect(drawer.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(
      ['iso14001 (10)'],
    );
    fireEvent.change(drawer.getByTestId('list-filter-search'), { target: { value: 'zzz' } });
    expect(drawer.getByText('No matching filter values')).toBeTruthy();
    await closeDrawer();

    await waitFor(() => expect(screen.getByTestId('list-count').textContent).toBe('30 entries'));
    expect(screen.getByRole('button', { name: 'Filter, 1 value selected' })).toBeTruthy();

    // The search narrows the counts too.
    typeSearch('Audit 1');
    fireEvent.keyDown(screen.getByTestId('list-search'), { key: 'Enter' });
    drawer = await openFilter();
    // Process audits with a 1 in the name: 1, 11, 13, 15, 17, 19, 21, 31, 41, 51; of these
    // 1, 13, 19 and 31 are ISO 9001. System audits with a 1: 10, 12, 14, 16, 18.
    expect(drawer.getByRole('checkbox', { name: 'iso9001 (4)' })).toBeTruthy();
    expect(drawer.getByRole('checkbox', { name: 'system (5)' })).toBeTruthy();
  });

  it('shows chips cut to 36 characters, removes one and clears all', async () => {
    const long = 'A standard with a really long name that goes on';
    const items = makeAudits(6).map((audit, index) =>
      index === 0 ? { ...audit, standard: long } : audit,
    );
    renderList({ items });
    const drawer = await openFilter();
    fireEvent.click(drawer.getByRole('checkbox', { name: `${long} (1)` }));
    fireEvent.click(drawer.getByRole('checkbox', { name: 'iso14001 (2)' }));
    fireEvent.click(drawer.getByRole('checkbox', { name: 'system (1)' }));
    await closeDrawer();

    const chips = within(screen.getByTestId('list-filter-chips'));
    const longChip = chips.getByRole('button', { name: `Remove filter Standard: ${long}` });
    expect(longChip.getAttribute('title')).toBe(`Standard: ${long}`);
    expect(longChip.textContent).toBe(`${`Standard: ${long}`.slice(0, 35)}…`);
    await waitFor(() => expect(rowNames()).toEqual(['Audit 2']));

    fireEvent.click(within(longChip).getByTestId('CancelIcon'));
    expect(chips.queryByRole('button', { name: `Remove filter Standard: ${long}` })).toBeNull();
    await waitFor(() => expect(rowNames()).toEqual(['Audit 2']));

    fireEvent.click(screen.getByTestId('list-chips-clear'));
    expect(screen.queryByTestId('list-filter-chips')).toBeNull();
    await waitFor(() => expect(rowNames()).toHaveLength(6));
    expect(screen.getByRole('button', { name: 'Filter' })).toBeTruthy();
  });

  it('ignores facets the configuration does not have', () => {
    renderList({ config: { ...CONFIG, aggregations: [] } });
    expect(screen.queryByTestId('list-filter-button')).toBeNull();
  });
});

describe('GroupedList: pagination (SPEC section 9)', () => {
  it('shows pagination only above the smallest numeric page size', () => {
    renderList({ items: makeAudits(25) });
    expect(screen.queryByTestId('list-pagination')).toBeNull();
    cleanup();
    renderList({ items: makeAudits(26) });
    expect(screen.getByTestId('list-range').textContent).toBe('1–25 of 26');
    cleanup();
    renderList({ items: makeAudits(100), config: { ...CONFIG, pageSizes: [100, 200, 500, null] } });
    expect(screen.queryByTestId('list-pagination')).toBeNull();
  });

  it('shows 7 page numbers and moves between pages', () => {
    renderList({ items: makeAudits(300) });
    const nav = within(screen.getByRole('navigation', { name: 'Pagination' }));
    const pages = () =>
      nav.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent);
    expect(pages()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(nav.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);

    fireEvent.click(nav.getByRole('button', { name: 'Page 7' }));
    expect(pages()).toEqual(['4', '5', '6', '7', '8', '9', '10']);
    expect(screen.getByTestId('list-range').textContent).toBe('151–175 of 300');
    fireEvent.click(nav.getByRole('button', { name: 'Last page' }));
    expect(pages()).toEqual(['6', '7', '8', '9', '10', '11', '12']);
    expect(rowNames()[0]).toBe('Audit 276');
    fireEvent.click(nav.getByRole('button', { name: 'Previous page' }));
    expect(rowNames()[0]).toBe('Audit 251');
    fireEvent.click(nav.getByRole('button', { name: 'First page' }));
    expect(rowNames()[0]).toBe('Audit 1');
  });

  it("keeps a list's chosen page size for the next time it is shown, per list key", () => {
    window.localStorage.clear();
    const select = () =>
      screen.getByRole<HTMLSelectElement>('combobox', { name: /Items per page/ });
    renderList({ items: makeAudits(120), config: { ...CONFIG, listKey: 'audits' } });
    fireEvent.change(select(), { target: { value: '50' } });
    cleanup();
    renderList({ items: makeAudits(120), config: { ...CONFIG, listKey: 'audits' } });
    expect(select().value).toBe('50');
    expect(rowNames()).toHaveLength(50);
    cleanup();
    renderList({ items: makeAudits(120), config: { ...CONFIG, listKey: 'measures' } });
    expect(select().value).toBe('25');
  });

  it('turns to the page of an item to reveal, once', async () => {
    const { renderAgain } = renderList({ revealId: 'a49' });
    await waitFor(() => expect(rowNames()).toContain('Audit 50'));
    expect(screen.getByTestId('list-range').textContent).toBe('26–50 of 60');
    // Turning the page afterwards is the person's: the same id does not pull them back.
    fireEvent.click(screen.getByRole('button', { name: /page 1/i }));
    renderAgain({ revealId: 'a49' });
    await waitFor(() => expect(rowNames()).toContain('Audit 1'));
  });

  it('changes the page size and asks before showing all', async () => {
    renderList({ items: makeAudits(120) });
    const select = () =>
      screen.getByRole<HTMLSelectElement>('combobox', { name: /Items per page/ });
    expect(
      within(select())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['25', '50', '100', 'All']);
    fireEvent.change(select(), { target: { value: '50' } });
    expect(rowNames()).toHaveLength(50);

    fireEvent.change(select(), { target: { value: 'all' } });
    const dialog = within(await screen.findByRole('dialog', { name: 'Show all entries?' }));
    expect(dialog.getByText('Showing all 120 entries at once can take long.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowNames()).toHaveLength(50);
    expect(select().value).toBe('50');

    fireEvent.change(select(), { target: { value: 'all' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(rowNames()).toHaveLength(120));
    await waitFor(() => expect(select().value).toBe('all'));
    expect(screen.getByTestId('list-range').textContent).toBe('1–120 of 120');
  });

  it('goes back to the first page when the filter changes', async () => {
    renderList({ items: makeAudits(120) });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(rowNames()[0]).toBe('Audit 51');
    const drawer = await openFilter();
    fireEvent.click(drawer.getByRole('checkbox', { name: 'iso9001 (40)' }));
    await closeDrawer();
    await waitFor(() => expect(rowNames()[0]).toBe('Audit 1'));
    expect(screen.getByTestId('list-range').textContent).toBe('1–25 of 40');
  });
});

describe('GroupedList: sorting', () => {
  it('sorts by the chosen sorting, in its configured direction first', async () => {
    renderList({ items: makeAudits(5) });
    fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Sort and group' }));
    fireEvent.click(drawer.getByRole('radio', { name: 'Due date' }));
    expect(drawer.getByRole('radio', { name: 'Descending' })).toHaveProperty('checked', true);
    expect(rowNames()).toEqual(['Audit 5', 'Audit 4', 'Audit 3', 'Audit 2', 'Audit 1']);
    fireEvent.click(drawer.getByRole('radio', { name: 'Ascending' }));
    expect(rowNames()).toEqual(['Audit 1', 'Audit 2', 'Audit 3', 'Audit 4', 'Audit 5']);
    await closeDrawer();
  });
});

describe('GroupedList: group view', () => {
  it('groups by the first grouping, collapses and expands all', () => {
    renderList({ items: makeAudits(9) });
    fireEvent.click(screen.getByRole('button', { name: 'Show groups' }));
    expect(screen.getByRole('button', { name: 'Show groups' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const headers = () => screen.getAllByTestId('list-group-header');
    expect(headers().map((header) => header.textContent)).toEqual([
      'iso90013 entries',
      'iso140013 entries',
      'iso500013 entries',
    ]);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    expect(rowNames()).toHaveLength(9);

    fireEvent.click(screen.getByRole('button', { name: 'Collapse all groups' }));
    expect(rowNames()).toHaveLength(0);
    expect(headers().every((header) => header.getAttribute('aria-expanded') === 'false')).toBe(
      true,
    );
    fireEvent.click(headers()[0]!);
    expect(rowNames()).toEqual(['Audit 1', 'Audit 4', 'Audit 7']);
    fireEvent.click(screen.getByRole('button', { name: 'Expand all groups' }));
    expect(rowNames()).toHaveLength(9);

    fireEvent.click(screen.getByRole('button', { name: 'Show groups' }));
    expect(screen.queryAllByTestId('list-group-header')).toHaveLength(0);
  });

  it('groups by another grouping, formats titles and cuts them to 90 characters', async () => {
    const long = 'x'.repeat(120);
    renderList({
      items: makeAudits(3),
      defaultView: 'group',
      formatValue: (field, value) => (field === 'type' && value === 'system' ? long : value),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Audit type' }));
    const titles = screen
      .getAllByTestId('list-group-header')
      .map((header) => header.querySelector('span'));
    expect(titles[0]!.textContent).toBe('process');
    expect(titles[0]!.getAttribute('title')).toBeNull();
    expect(titles[1]!.textContent).toBe(`${'x'.repeat(89)}…`);
    expect(titles[1]!.getAttribute('title')).toBe(long);
  });

  it('puts items without a value in a last group and renders custom headers', () => {
    const items = makeAudits(3).map((audit, index) =>
      index === 0 ? { ...audit, standard: '' } : audit,
    );
    renderList({
      items,
      defaultView: 'group',
      renderGroupHeader: ({ title, group }) => `${title} / ${group.items.length}`,
    });
    expect(screen.getAllByTestId('list-group-header').map((header) => header.textContent)).toEqual([
      'iso14001 / 1',
      'iso50001 / 1',
      'No value / 1',
    ]);
  });

  it('has no group toggle without groupings', () => {
    renderList({ config: { ...CONFIG, groupings: [] }, defaultView: 'group' });
    expect(screen.queryByTestId('list-group-toggle')).toBeNull();
    expect(screen.queryAllByTestId('list-group-header')).toHaveLength(0);
  });
});

describe('GroupedList: keyboard and screen readers', () => {
  it('names every icon button', () => {
    renderList({ moreActions: [{ id: 'x', label: 'Export', onClick: () => {} }] });
    for (const button of screen.getAllByRole('button')) {
      expect(button.textContent || button.getAttribute('aria-label')).toBeTruthy();
    }
  });

  it('opens the filter drawer, traps focus, closes on Escape and gives focus back', async () => {
    renderList();
    const button = screen.getByTestId('list-filter-button');
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    // A checkbox toggles with the keyboard like a native one (Space clicks it).
    const checkbox = within(dialog).getByRole('checkbox', { name: 'iso9001 (20)' });
    checkbox.focus();
    fireEvent.click(checkbox);
    expect(checkbox).toHaveProperty('checked', true);
    await closeDrawer();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('removes a chip with Delete and picks a page size with the arrow keys', async () => {
    renderList();
    fireEvent.click((await openFilter()).getByRole('checkbox', { name: 'system (30)' }));
    await closeDrawer();
    const chip = screen.getByRole('button', { name: 'Remove filter Audit type: system' });
    chip.focus();
    fireEvent.keyDown(chip, { key: 'Delete' });
    fireEvent.keyUp(chip, { key: 'Delete' });
    expect(screen.queryByTestId('list-filter-chips')).toBeNull();

    const select = screen.getByRole('combobox', { name: /Items per page/ });
    fireEvent.change(select, { target: { value: '50' } });
    await waitFor(() => expect(rowNames()).toHaveLength(50));
  });

  it('runs a more-actions entry from the keyboard', async () => {
    const onExport = vi.fn();
    renderList({ moreActions: [{ id: 'export', label: 'Export', onClick: onExport }] });
    const button = screen.getByRole('button', { name: 'More actions' });
    fireEvent.click(button);
    const item = await screen.findByRole('menuitem', { name: 'Export' });
    await waitFor(() => expect(document.activeElement).toBe(item));
    fireEvent.keyDown(item, { key: 'Enter' });
    expect(onExport).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});

describe('GroupedList: toolbar actions get the listed items', () => {
  it('passes the filtered items in the sort order, from every page, each once', async () => {
    const onExport = vi.fn();
    // A stable array, as the props' comment asks.
    const moreActions = [{ id: 'export', label: 'Export', onClick: onExport }];
    renderList({ items: makeAudits(60), moreActions, searchDebounceMs: 10_000 });
    const chooseExport = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Export' }));
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    };
    const exported = () => (onExport.mock.calls.at(-1)![0] as Audit[]).map((audit) => audit.name);

    // Unfiltered: all 60 (25 on the page), in name order.
    await chooseExport();
    expect(exported()).toHaveLength(60);
    expect(exported().slice(0, 3)).toEqual(['Audit 1', 'Audit 2', 'Audit 3']);

    // Searched, filtered and sorted the other way round.
    typeSearch('audit 1');
    fireEvent.keyDown(screen.getByTestId('list-search'), { key: 'Enter' });
    const drawer = await openFilter();
    fireEvent.click(drawer.getByRole('checkbox', { name: /^iso9001/ }));
    await closeDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
    const sort = within(await screen.findByRole('dialog', { name: 'Sort and group' }));
    fireEvent.click(sort.getByRole('radio', { name: 'Descending' }));
    await closeDrawer();
    await chooseExport();
    // ISO 9001 is every third audit (1, 4, 7, ...): those with a 1 in the name.
    expect(exported()).toEqual([
      'Audit 31',
      'Audit 19',
      'Audit 16',
      'Audit 13',
      'Audit 10',
      'Audit 1',
    ]);

    // Group view lists an item once all the same.
    fireEvent.click(screen.getByRole('button', { name: 'Show groups' }));
    await chooseExport();
    expect(exported()).toEqual([
      'Audit 31',
      'Audit 19',
      'Audit 16',
      'Audit 13',
      'Audit 10',
      'Audit 1',
    ]);
  });
});

describe('GroupedList: languages', () => {
  it('speaks German', async () => {
    renderList({ items: makeAudits(30) }, 'de');
    expect(screen.getByRole('searchbox', { name: 'Suchen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sortieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gruppen anzeigen' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Seitennavigation' })).toBeTruthy();
    expect(screen.getByTestId('list-range').textContent).toBe('1–25 von 30');
    expect(screen.getByTestId('list-count').textContent).toBe('30 Einträge');
    const pageSize = screen.getByRole('combobox', { name: /Einträge pro Seite/ });
    expect(within(pageSize).getByRole('option', { name: 'Alle' })).toBeTruthy();
    fireEvent.change(pageSize, { target: { value: 'all' } });
    const confirm = within(await screen.findByRole('dialog', { name: 'Alle Einträge anzeigen?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const drawer = await openFilter();
    expect(drawer.getByRole('group', { name: 'Norm' })).toBeTruthy();
    fireEvent.click(drawer.getByRole('checkbox', { name: 'iso9001 (10)' }));
    await closeDrawer();
    expect(screen.getByRole('button', { name: 'Filter Norm: iso9001 entfernen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter, 1 Wert ausgewählt' })).toBeTruthy();
  });

  it('speaks English', () => {
    renderList({ items: [] });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByTestId('list-empty').textContent).toBe('No entries');
  });

  it('follows a language switch', async () => {
    const { container } = renderList({ items: [] }, 'en');
    expect(container.textContent).toContain('No entries');
    const i18n = createI18n('en');
    cleanup();
    render(
      <I18nextProvider i18n={i18n}>
        <GroupedList<Audit>
          items={[]}
          getId={(audit) => audit.id}
          config={CONFIG}
          renderRow={(audit) => audit.name}
        />
      </I18nextProvider>,
    );
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByTestId('list-empty').textContent).toBe('Keine Einträge');
  });
});
