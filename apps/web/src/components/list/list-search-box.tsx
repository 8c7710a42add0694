import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_ADORNMENT, FIELD_CONTROL, OutlinedField } from '../form/outlined-field';
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
 * not render its text field again. Plain elements in an outlined frame (outlined-field.tsx), not
 * MUI's input components, whose code and styles every list's first load would carry (issues 18
 * and 40).
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
    <OutlinedField id={id} label={t('list.search')} sx={{ flex: '1 1 220px', minWidth: 180 }}>
      <span className={FIELD_ADORNMENT}>
        <SearchIcon fontSize="small" />
      </span>
      <input
        id={id}
        type="search"
        className={FIELD_CONTROL}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        ref={input}
        data-testid="list-search"
      />
      {text && (
        <span className={FIELD_ADORNMENT}>
          <IconButton size="small" edge="end" aria-label={t('list.clearSearch')} onClick={clear}>
            <ClearIcon fontSize="small" />
          </IconButton>
        </span>
      )}
    </OutlinedField>
  );
});
