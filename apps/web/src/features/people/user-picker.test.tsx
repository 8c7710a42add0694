import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createInactivePersonCommand, type Person } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ViewDocument } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';
import { personFromDocument, personLabel } from './use-people';
import { UserPicker, type UserPickerProps } from './user-picker';

// The picker is tested against the sync hooks' contract, not the engine behind them.
let people: Record<string, JsonObject> = {};
let person: Person | null = null;
const commands: { name: string; args: unknown }[] = [];
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: (query: { collection: string }) => ({
    documents:
      query.collection === 'people'
        ? Object.entries(people).map(([id, data]): ViewDocument => ({
            collection: 'people',
            id,
            data,
            state: 'sync',
          }))
        : [],
    loading: false,
  }),
}));
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: () => ({ document: undefined, loading: false }),
}));
vi.mock('../../lib/sync/use-command', () => ({
  useCommand: () => (name: string, args: unknown) => {
    commands.push({ name, args });
    const outcome: CommandOutcome = {
      local: { ok: true, ops: [] },
      // Never settles: the picker must not wait for the server (offline).
      confirmed: new Promise(() => {}),
    };
    return Promise.resolve(outcome);
  },
}));
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));

const PEOPLE: Record<string, JsonObject> = {
  p1: {
    id: 'p1',
    displayName: 'Erika Muster',
    email: 'erika@example.com',
    avatar: null,
    type: 'active',
    roles: ['user', 'auditor'],
  },
  p2: {
    id: 'p2',
    displayName: 'Anton Auditor',
    email: 'anton@example.com',
    avatar: null,
    type: 'inactive',
    roles: ['auditor'],
  },
  p3: {
    id: 'p3',
    displayName: 'Ulla User',
    email: null,
    avatar: null,
    type: 'active',
    roles: ['user'],
  },
};

let lastValue: string[] = [];
function Harness(props: Partial<UserPickerProps> & { initial?: string[] }) {
  const { initial = [], ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <UserPicker
      label="Lead auditor"
      value={value}
      onChange={(ids) => {
        lastValue = ids;
        setValue(ids);
      }}
      testId="picker"
      {...rest}
    />
  );
}

function renderPicker(props: Parameters<typeof Harness>[0] = {}, language: 'de' | 'en' = 'en') {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <Harness {...props} />
    </I18nextProvider>,
  );
  return screen.getByTestId('picker');
}

/** Types into the picker and opens its list. */
function typeInto(input: HTMLElement, text: string) {
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
}

function openOptions(input: HTMLElement, text = '') {
  typeInto(input, text);
  return screen.findAllByRole('option');
}

describe('UserPicker', () => {
  afterEach(() => {
    cleanup();
    people = {};
    person = null;
    commands.length = 0;
    lastValue = [];
  });

  it('lists only auditors when asked, by name, and selects one', async () => {
    people = PEOPLE;
    person = testPerson({ roles: ['user'] });
    const input = renderPicker({ auditorsOnly: true });
    const options = await openOptions(input);
    expect(options.map((option) => option.textContent)).toEqual([
      'Anton Auditoranton@example.com · no login',
      'Erika Mustererika@example.com',
    ]);
    fireEvent.click(options[1]!);
    expect(lastValue).toEqual(['p1']);
    expect((input as HTMLInputElement).value).toBe('Erika Muster');
  });

  it('lists everybody without auditorsOnly, filtered by what is typed', async () => {
    people = PEOPLE;
    person = testPerson({ roles: ['user'] });
    const input = renderPicker({ multiple: true });
    const options = await openOptions(input, 'ull');
    expect(options.map((option) => option.textContent)).toEqual(['Ulla User']);
  });

  it('shows chips, cut to 36 characters, and unknown ids as "User: {id}" / "Benutzer: {id}"', () => {
    people = {
      ...PEOPLE,
      p9: {
        ...PEOPLE.p1!,
        id: 'p9',
        displayName: 'Maximiliane Wilhelmine von Hohenzollern-Sigmaringen',
      },
    };
    renderPicker({ multiple: true, initial: ['p1', 'p9', 'gone'] });
    const chips = screen.getAllByTestId('user-picker-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'Erika Muster',
      'Maximiliane Wilhelmine von Hohenzol…',
      'User: gone',
    ]);
    expect(chips[1]!.textContent).toHaveLength(36);
    expect(chips[1]!.getAttribute('title')).toBe(
      'Maximiliane Wilhelmine von Hohenzollern-Sigmaringen',
    );
    cleanup();
    renderPicker({ multiple: true, initial: ['gone'] }, 'de');
    expect(screen.getByTestId('user-picker-chip').textContent).toBe('Benutzer: gone');
  });

  it('adds a new inactive auditor: checks name and e-mail, creates, selects at once', async () => {
    people = PEOPLE;
    person = testPerson({ roles: ['user', 'auditor'] });
    const input = renderPicker({
      multiple: true,
      auditorsOnly: true,
      allowCreate: true,
      initial: ['p1'],
    });
    await openOptions(input, 'Max Neu');
    fireEvent.click(screen.getByTestId('user-picker-add'));
    const dialog = await screen.findByTestId('person-create-dialog');
    expect((screen.getByTestId('person-create-displayName') as HTMLInputElement).value).toBe(
      'Max Neu',
    );

    fireEvent.submit(dialog);
    expect(await within(dialog).findByText('E-mail is required')).toBeTruthy();
    fireEvent.change(screen.getByTestId('person-create-email'), { target: { value: 'max@' } });
    fireEvent.submit(dialog);
    expect(
      await within(dialog).findByText('E-mail must be valid (e.g. name@example.com)'),
    ).toBeTruthy();
    expect(commands).toEqual([]);

    fireEvent.change(screen.getByTestId('person-create-email'), {
      target: { value: ' max@example.com ' },
    });
    fireEvent.submit(dialog);
    await waitFor(() => expect(screen.queryByTestId('person-create-dialog')).toBeNull());
    expect(commands).toHaveLength(1);
    const { name, args } = commands[0]! as { name: string; args: { id: string } };
    expect(name).toBe(createInactivePersonCommand.name);
    expect(args).toEqual({
      id: args.id,
      displayName: 'Max Neu',
      email: 'max@example.com',
      roles: ['user', 'auditor'],
    });
    expect(lastValue).toEqual(['p1', args.id]);
    // Named at once, before the replica lists the new person.
    expect(screen.getAllByTestId('user-picker-chip').map((chip) => chip.textContent)).toEqual([
      'Erika Muster',
      'Max Neu',
    ]);
  });

  it('asks for the name in German and creates a plain person outside auditor pickers', async () => {
    people = PEOPLE;
    person = testPerson({ roles: ['qm'] });
    renderPicker({ allowCreate: true }, 'de');
    fireEvent.click(screen.getByRole('button', { name: 'Person hinzufügen: Lead auditor' }));
    const dialog = await screen.findByTestId('person-create-dialog');
    fireEvent.submit(dialog);
    expect(await within(dialog).findByText('Name ist erforderlich')).toBeTruthy();
    expect(within(dialog).getByText('E-Mail ist erforderlich')).toBeTruthy();
    fireEvent.change(screen.getByTestId('person-create-displayName'), {
      target: { value: 'Olga Ohnelogin' },
    });
    fireEvent.change(screen.getByTestId('person-create-email'), {
      target: { value: 'olga@example.com' },
    });
    fireEvent.submit(dialog);
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(commands[0]!.args).not.toHaveProperty('roles');
    await waitFor(() =>
      expect((screen.getByTestId('picker') as HTMLInputElement).value).toBe('Olga Ohnelogin'),
    );
  });

  it('offers no "Add person" to somebody who may not create people', async () => {
    people = PEOPLE;
    person = testPerson({ roles: ['user'] });
    const input = renderPicker({ allowCreate: true });
    typeInto(input, 'Max Neu');
    expect(await screen.findByText('No options')).toBeTruthy();
    expect(screen.queryByTestId('user-picker-add')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add person/ })).toBeNull();
  });

  it('never reaches "Add person" by arrow keys from a match: Enter selects the person (issue 18.4)', async () => {
    people = PEOPLE;
    person = testPerson({ roles: ['qm'] });
    const input = renderPicker({ auditorsOnly: true, allowCreate: true });
    const options = await openOptions(input, 'erika');
    expect(options.map((option) => option.textContent)).toEqual(['Erika Mustererika@example.com']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(lastValue).toEqual(['p1']);
    expect(screen.queryByTestId('person-create-dialog')).toBeNull();
  });

  it('offers "Add person" in the list only when the typed name matches nobody', async () => {
    people = PEOPLE;
    person = testPerson({ roles: ['qm'] });
    const input = renderPicker({ multiple: true, allowCreate: true });
    const options = await openOptions(input, 'Max Neu');
    expect(options.map((option) => option.textContent)).toEqual(['Add person “Max Neu”']);
    // The only entry, named for what it does: Enter is the explicit choice to create.
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByTestId('person-create-dialog');
    expect((screen.getByTestId('person-create-displayName') as HTMLInputElement).value).toBe(
      'Max Neu',
    );
    expect(lastValue).toEqual([]);
  });

  it('creates a person from its own button, the next stop after the field', async () => {
    people = PEOPLE;
    person = testPerson({ roles: ['qm'] });
    renderPicker({ auditorsOnly: true, allowCreate: true, initial: ['p1'] });
    const button = screen.getByRole('button', { name: 'Add person: Lead auditor' });
    // The selected person's name in the field is not taken for the new person's.
    fireEvent.click(button);
    const dialog = await screen.findByTestId('person-create-dialog');
    expect((screen.getByTestId('person-create-displayName') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByTestId('person-create-displayName'));
    fireEvent.click(within(dialog).getByTestId('person-create-cancel'));
    await waitFor(() => expect(screen.queryByTestId('person-create-dialog')).toBeNull());
    expect(lastValue).toEqual([]);
  });
});

describe('personLabel', () => {
  it('names a person, else falls back to "User: {id}"', () => {
    const i18n = createI18n('en');
    const byId = new Map([['p1', personFromDocument('p1', PEOPLE.p1!, 'sync')]]);
    expect(personLabel(byId, 'p1', i18n.t)).toBe('Erika Muster');
    expect(personLabel(byId, 'x', i18n.t)).toBe('User: x');
    expect(personLabel(byId, 'x', createI18n('de').t)).toBe('Benutzer: x');
  });
});
