import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { GroupedList } from './grouped-list';
import { CONFIG, makeAudits, type Audit } from './list-test-data';

const AUDITS = makeAudits(60);

function renderAt(url: string, urlState?: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        element: (
          <GroupedList<Audit>
            items={AUDITS}
            getId={(audit) => audit.id}
            config={CONFIG}
            renderRow={(audit) => <span data-testid="row-name">{audit.name}</span>}
            getSearchText={(audit) => audit.name}
            urlState={urlState}
          />
        ),
      },
    ],
    { initialEntries: ['/start', url], initialIndex: 1 },
  );
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

function params(router: ReturnType<typeof renderAt>): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

function count(): string {
  return screen.getByTestId('list-count').textContent ?? '';
}

afterEach(cleanup);

describe('GroupedList: search and filter in the URL', () => {
  it('reads q and filter on mount', async () => {
    const filter = encodeURIComponent('{"standard":["iso9001"],"unknown":["x"]}');
    renderAt(`/list?q=audit%201&filter=${filter}`);
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('audit 1');
    // ISO 9001 audits are 1, 4, 7, ...; with a 1 in the name: 1, 10, 13, 16, 19 and 31.
    expect(count()).toBe('6 entries');
    // The chips come with their chunk, loaded with the first filter.
    expect(
      await screen.findByRole('button', { name: 'Remove filter Standard: iso9001' }),
    ).toBeTruthy();
  });

  it('ignores a filter that is not valid JSON', () => {
    renderAt('/list?filter=%7B%22standard%22%3A');
    expect(count()).toBe('60 entries');
    expect(screen.queryByTestId('list-filter-chips')).toBeNull();
  });

  it('writes search and filter back with replace after the pause, keeping other parameters', async () => {
    const router = renderAt('/list?admin=1');
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'audit 2' } });
    // Not on the keystroke: after the 500 ms pause.
    expect(params(router).has('q')).toBe(false);
    await waitFor(() => expect(params(router).get('q')).toBe('audit 2'), { timeout: 3000 });
    // The list filters with a deferred value: under load it may render the count a bit later.
    await waitFor(() => expect(count()).toBe('15 entries'));

    fireEvent.click(screen.getByTestId('list-filter-button'));
    const drawer = within(await screen.findByRole('dialog', { name: 'Filter' }));
    fireEvent.click(drawer.getByRole('checkbox', { name: /^process/ }));
    fireEvent.click(drawer.getByRole('checkbox', { name: /^iso14001/ }));
    expect(params(router).has('filter')).toBe(false);
    await waitFor(() => expect(params(router).has('filter')).toBe(true), { timeout: 3000 });
    expect(JSON.parse(params(router).get('filter')!)).toEqual({
      type: ['process'],
      standard: ['iso14001'],
    });
    expect(params(router).get('admin')).toBe('1');
    expect(router.state.historyAction).toBe('REPLACE');
    // Replacing: the entry before the list is still one step back.
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/start');
  });

  it('round-trips: a written URL opens the same list', async () => {
    const router = renderAt('/list');
    fireEvent.click(screen.getByTestId('list-filter-button'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /^system/ }));
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'audit 3' } });
    await waitFor(
      () => expect(params(router).has('filter') && params(router).has('q')).toBe(true),
      {
        timeout: 3000,
      },
    );
    const written = router.state.location.search;
    // Search and filter reach the list through useDeferredValue: wait for it to catch up.
    await waitFor(() => expect(count()).toBe('5 entries'), { timeout: 3000 });
    const before = count();
    cleanup();

    renderAt(`/list${written}`);
    expect(count()).toBe(before);
    expect(screen.getByRole('button', { name: 'Remove filter Audit type: system' })).toBeTruthy();
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('audit 3');
  });

  it('removes q and filter from the URL when they are cleared', async () => {
    const router = renderAt(`/list?q=audit&filter=${encodeURIComponent('{"type":["system"]}')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    fireEvent.click(screen.getByTestId('list-chips-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 3000 });
    expect(count()).toBe('60 entries');
  });

  it('leaves the URL alone when urlState is off', async () => {
    const router = renderAt('/list?q=audit%2059', false);
    expect(count()).toBe('60 entries');
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'audit 59' } });
    fireEvent.keyDown(screen.getByTestId('list-search'), { key: 'Enter' });
    await waitFor(() => expect(count()).toBe('1 entry'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.search).toBe('?q=audit%2059');
  });
});
