import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_SEARCH_MARK } from './list-marks';

interface ListSearchBoxProps {
  initialValue: string;
  debounceMs: number;
  /** Called after a pause in typing (SPEC section 9: 500 ms), at once on Enter and on clear. */
  onCommit: (value: string) => void;
}

/**
 * The full-text search box. It keeps its own text, so a keystroke re-renders only this box; the
 * list hears of the text after the pause. Memoized: a list that renders again for new items does
 * not render its text field again (issue 18: the field is a dozen styled components). Built from
 * the outlined input itself, not TextField, which would bring the select and its menu into every
 * list's first load.
 */
export const ListSearchBox = memo(function ListSearchBox({
  initialValue,
  debounceMs,
  onCommit,
}: ListSearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialValue);
  const committed = useRef(initialValue);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const commit = (value: string) => {
    if (value === committed.current) return;
    committed.current = value;
    performance.mark(LIST_SEARCH_MARK);
    onCommit(value);
  };

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      performance.mark(LIST_SEARCH_MARK);
      onCommit(text);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, debounceMs, onCommit]);

  const clear = () => {
    setText('');
    commit('');
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Escape' && text !== '') {
      // Escape empties the box; only an empty box lets Escape reach a dialog around the list.
      event.stopPropagation();
      clear();
    }
  };

  return (
    <FormControl size="small" sx={{ flex: '1 1 220px', minWidth: 180 }}>
      <InputLabel htmlFor={id}>{t('list.search')}</InputLabel>
      <OutlinedInput
        id={id}
        type="search"
        label={t('list.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        inputRef={input}
        inputProps={{ 'data-testid': 'list-search' }}
        // The box has its own clear button (a touch target); not the browser's second one.
        sx={{ '& input::-webkit-search-cancel-button': { display: 'none' } }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
        endAdornment={
          text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('list.clearSearch')}
                onClick={clear}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined
        }
      />
    </FormControl>
  );
});
