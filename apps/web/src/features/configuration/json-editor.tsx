import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../../app/chunk-load';

/** The problem the editor marks in its text: a translated message, for the text it was found in. */
export interface JsonEditorProblem {
  message: string;
  /** Dotted path of the schema issue; undefined when the text is not valid JSON. */
  field: string | undefined;
  /** The text the problem was found in: a marker is only placed while the editor shows it. */
  text: string;
}

export interface JsonEditorProps {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  /** Accessible name of the editable area. */
  label: string;
  /** Id of the element that explains the current problem, if any. */
  describedBy?: string;
  problem: JsonEditorProblem | null;
  testId: string;
}

// CodeMirror is the largest part of this screen: its own chunk, loaded when the page renders.
const CodeMirrorJsonEditor = lazy(() =>
  loadChunk(() => import('./code-mirror-json-editor')).then((module) => ({
    default: module.CodeMirrorJsonEditor,
  })),
);

/** A JSON editor with highlighting, line numbers and an error marker (CodeMirror 6). */
export function JsonEditor(props: JsonEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Box sx={{ py: 2 }}>
          <LinearProgress aria-label={t('configuration.editorLoading')} />
        </Box>
      }
    >
      <CodeMirrorJsonEditor {...props} />
    </Suspense>
  );
}
