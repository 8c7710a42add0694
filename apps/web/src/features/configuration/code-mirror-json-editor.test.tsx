import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CodeMirrorJsonEditor } from './code-mirror-json-editor';

// jsdom has no layout: CodeMirror measures ranges to draw markers.
beforeAll(() => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

afterEach(cleanup);

const TEXT = '{\n  "a": [1, "x"]\n}';

function renderEditor(props: Partial<Parameters<typeof CodeMirrorJsonEditor>[0]> = {}) {
  return render(
    <CodeMirrorJsonEditor
      value={TEXT}
      onChange={vi.fn()}
      readOnly={false}
      label="JSON of the segment app"
      problem={null}
      testId="config-editor-app"
      {...props}
    />,
  );
}

describe('CodeMirrorJsonEditor', () => {
  it('shows the text with line numbers under the accessible name', () => {
    const view = renderEditor({ describedBy: 'config-error-app' });
    const content = view.getByTestId('config-editor-app-content');
    expect(content.getAttribute('aria-label')).toBe('JSON of the segment app');
    expect(content.getAttribute('aria-describedby')).toBe('config-error-app');
    expect(content.getAttribute('aria-readonly')).toBe('false');
    expect(content.textContent).toContain('"a": [1, "x"]');
    expect(view.container.querySelector('.cm-lineNumbers')).not.toBeNull();
  });

  it('marks the place of the problem in the text it was found in', async () => {
    const view = renderEditor({
      problem: { message: 'Invalid value (at a.1)', field: 'a.1', text: TEXT },
    });
    await waitFor(() =>
      expect(view.container.querySelector('.cm-lintRange-error')?.textContent).toBe('"x"'),
    );
  });

  it('places no marker for a problem of older text', () => {
    const view = renderEditor({
      problem: { message: 'old', field: 'a.1', text: '{"a": [0, 0]}' },
    });
    expect(view.container.querySelector('.cm-lintRange-error')).toBeNull();
  });

  it('says it is read-only, and keeps the text readable', () => {
    const view = renderEditor({ readOnly: true });
    const content = view.getByTestId('config-editor-app-content');
    expect(content.getAttribute('aria-readonly')).toBe('true');
    expect(content.textContent).toContain('"a": [1, "x"]');
  });
});
