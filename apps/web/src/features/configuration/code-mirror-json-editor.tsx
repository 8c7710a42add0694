import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import Box from '@mui/material/Box';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useEffect, useMemo, useState } from 'react';
import type { JsonEditorProps } from './json-editor';
import { locateJsonProblem } from './json-problem-location';

/**
 * The CodeMirror part of `JsonEditor` (lazy chunk). Validation happens in React (debounced, with
 * the domain's parser); this only shows its result as a marker at the place it concerns.
 */
export function CodeMirrorJsonEditor({
  value,
  onChange,
  readOnly,
  label,
  describedBy,
  problem,
  testId,
}: JsonEditorProps) {
  // The view is created after the first render; the marker effect must run once it exists.
  const [view, setView] = useState<EditorView | null>(null);

  const extensions = useMemo(
    () => [
      json(),
      lintGutter(),
      EditorView.lineWrapping,
      // The editable area is what screen readers and the end-to-end tests address.
      EditorView.contentAttributes.of({
        // Explicit: the editable content is already in the tab order, but axe-core only counts
        // a scrollable region as keyboard-reachable when a descendant says so (WCAG 2.1.1).
        tabindex: '0',
        'aria-label': label,
        'aria-readonly': readOnly ? 'true' : 'false',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'data-testid': `${testId}-content`,
      }),
    ],
    [label, describedBy, testId, readOnly],
  );

  useEffect(() => {
    if (!view) return;
    const text = view.state.doc.toString();
    const diagnostics: Diagnostic[] = [];
    // A problem found in an older text (the user typed on) would sit at the wrong place.
    if (problem && problem.text === text) {
      const { from, to } = locateJsonProblem(text, problem.field);
      diagnostics.push({ from, to, severity: 'error', message: problem.message });
    }
    view.dispatch(setDiagnostics(view.state, diagnostics));
  }, [view, problem, value]);

  return (
    <Box
      data-testid={testId}
      sx={{
        border: 1,
        borderColor: problem ? 'error.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '& .cm-editor.cm-focused': { outline: 'none' },
        '&:focus-within': { borderColor: problem ? 'error.main' : 'primary.main' },
      }}
    >
      <CodeMirror
        onCreateEditor={setView}
        value={value}
        onChange={(next) => onChange(next)}
        // Read-only stays focusable, so the text can still be read, searched and copied.
        readOnly={readOnly}
        // Tab leaves the editor (keyboard users must not be trapped); Enter keeps the indent.
        indentWithTab={false}
        extensions={extensions}
        basicSetup={{ lineNumbers: true, foldGutter: true, highlightActiveLine: !readOnly }}
        minHeight="120px"
        maxHeight="480px"
      />
    </Box>
  );
}
