import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Clock, Package, Search, Sparkles, Tag } from 'lucide-react';
import { SUGGESTION_MIN_CHARS, type Suggestion } from '#contracts/search';
import { cx } from '../lib/class-names.ts';
import { readHistory, rememberSearch } from './search-history.ts';
import { searchPath, suggestionsQuery } from './search.api.ts';
import { VoiceSearchButton } from './voice-search-button.tsx';
import { useTranslated } from '../i18n/translated.ts';
import { DataText } from '../components/ui/data-text.tsx';

const DEBOUNCE_MS = 150;

interface Option {
  id: string;
  /** What is searched for. */
  text: string;
  /** What is shown: a category's name in the visitor's language, else the text. */
  label: string;
  kind: Suggestion['type'] | 'history';
}

const ICONS = { category: Tag, intent: Sparkles, product: Package, recent: Clock, history: Clock } as const;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The top bar's AI search: suggestions while typing, local history on focus, voice input; Enter opens /search. */
export function SearchBox({ className, onSearch, autoFocus }: { className?: string; onSearch?: () => void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const listId = useId();
  const { t } = useTranslation('search');
  const translated = useTranslated();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [history, setHistory] = useState<string[]>([]);
  const typed = useDebounced(text.trim(), DEBOUNCE_MS);
  const wantsSuggestions = typed.length > SUGGESTION_MIN_CHARS;
  const suggestions = useQuery({ ...suggestionsQuery(typed), enabled: open && wantsSuggestions });

  const options: Option[] = text.trim() === ''
    ? history.map((item, i) => ({ id: `history-${i}`, text: item, label: item, kind: 'history' }))
    : wantsSuggestions
      ? (suggestions.data?.suggestions ?? []).map((s) => ({ id: s.id, text: s.text, label: translated(s.text, s.text_translations), kind: s.type }))
      : [];
  const expanded = open && options.length > 0;

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
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
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
      <ul
        id={listId}
        role="listbox"
        aria-label={text.trim() ? t('suggestions') : t('recent')}
        hidden={!expanded}
        className="absolute top-full end-0 start-0 z-50 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => {
          const Icon = ICONS[option.kind];
          return (
            <li
              key={option.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Keeps focus in the input so the blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(option.text)}
              className={cx('flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-700',
                index === active ? 'bg-brand-50 text-brand-800' : 'hover:bg-slate-50')}
            >
              <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
              <DataText as="span" className="truncate">{option.label}</DataText>
            </li>
          );
        })}
      </ul>
    </form>
  );
}
