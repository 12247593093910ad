import { useTranslation } from 'react-i18next';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { cx } from '../lib/class-names.ts';
import { onFirstUse } from '../lib/on-first-use.ts';
import { readHistory, rememberSearch } from './search-history.ts';
import { searchPath } from './search.api.ts';
import type { SearchOption } from './search-suggestions.tsx';
import { VoiceSearchButton } from './voice-search-button.tsx';

/** The list of suggestions loads when the box is first pointed at, focused or typed in. */
const suggestionList = onFirstUse(() => import('./search-suggestions.tsx'));

/** The top bar's AI search: suggestions while typing, local history on focus, voice input; Enter opens /search. */
export function SearchBox({ className, onSearch, autoFocus }: { className?: string; onSearch?: () => void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const listId = useId();
  const { t } = useTranslation('search');
  const list = suggestionList.useLoaded();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [history, setHistory] = useState<string[]>([]);
  const [options, setOptions] = useState<SearchOption[]>([]);
  const expanded = open && list !== null && options.length > 0;

  function go(query: string) {
    const value = query.trim();
    if (!value) return;
    setHistory(rememberSearch(value));
    setText(value);
    setOpen(false);
    setActive(-1);
    navigate(searchPath(value));
    onSearch?.();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go(expanded && active >= 0 ? options[active].text : text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Cycles through the options and back to the input itself (-1).
      setActive((current) => ((current + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form role="search" onSubmit={submit} className={cx('relative', className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        name="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        autoFocus={autoFocus}
        onPointerEnter={suggestionList.preload}
        onChange={(event) => {
          suggestionList.preload();
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          suggestionList.preload();
          setHistory(readHistory());
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={t('placeholder')}
        aria-label={t('searchInstruments')}
        autoComplete="off"
        className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pe-10 ps-9 text-sm text-slate-800 placeholder:text-slate-400 focus:border-brand-400 focus:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
      />
      <VoiceSearchButton className="absolute top-1/2 end-2 -translate-y-1/2" onTranscript={go} />
      {list ? (
        <list.SuggestionList listId={listId} text={text} history={history} open={open} active={active} onOptions={setOptions} onChoose={go} />
      ) : (
        <ul id={listId} role="listbox" aria-label={t('recent')} hidden />
      )}
    </form>
  );
}
