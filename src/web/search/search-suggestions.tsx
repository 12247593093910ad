import { useTranslation } from 'react-i18next';
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Clock, Package, Sparkles, Tag } from 'lucide-react';
import { SUGGESTION_MIN_CHARS, type Suggestion } from '#contracts/search';
import { cx } from '../lib/class-names.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { suggestionsQuery } from './search.api.ts';
import { translated } from '../i18n/translated.ts';
import { useLocale } from '../i18n/locale-store.ts';
import { DataText } from '../components/ui/data-text.tsx';

const DEBOUNCE_MS = 150;

export interface SearchOption {
  id: string;
  /** What is searched for. */
  text: string;
  /** What is shown: a category's name in the visitor's language, else the text. */
  label: string;
  kind: Suggestion['type'] | 'history';
}

const ICONS = { category: Tag, intent: Sparkles, product: Package, recent: Clock, history: Clock } as const;

/**
 * The search box's list: the visitor's recent searches while the box is empty, the server's suggestions once more
 * than two characters are typed. Loaded when the box is first used (see search-box.tsx); the options it shows go to
 * `onOptions`, for the box's keyboard.
 */
export function SuggestionList({ listId, text, history, open, active, onOptions, onChoose }: {
  listId: string;
  text: string;
  history: string[];
  open: boolean;
  active: number;
  onOptions: (options: SearchOption[]) => void;
  onChoose: (text: string) => void;
}) {
  const { t } = useTranslation('search');
  const locale = useLocale();
  const typed = useDebounced(text.trim(), DEBOUNCE_MS);
  const wantsSuggestions = typed.length > SUGGESTION_MIN_CHARS;
  const suggestions = useQuery({ ...suggestionsQuery(typed), enabled: open && wantsSuggestions });
  const empty = text.trim() === '';
  const options = useMemo<SearchOption[]>(() => (empty
    ? history.map((item, i) => ({ id: `history-${i}`, text: item, label: item, kind: 'history' }))
    : wantsSuggestions
      ? (suggestions.data?.suggestions ?? []).map((s) => ({ id: s.id, text: s.text, label: translated(s.text, s.text_translations, locale), kind: s.type }))
      : []), [empty, history, wantsSuggestions, suggestions.data, locale]);
  useEffect(() => onOptions(options), [options, onOptions]);

  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={empty ? t('recent') : t('suggestions')}
      hidden={!open || options.length === 0}
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
            onClick={() => onChoose(option.text)}
            className={cx('flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-700',
              index === active ? 'bg-brand-50 text-brand-800' : 'hover:bg-slate-50')}
          >
            <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
            <DataText as="span" className="truncate">{option.label}</DataText>
          </li>
        );
      })}
    </ul>
  );
}
