import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { cx } from '../lib/class-names.ts';

/** Plain catalogue search: sends the text to the product list; empty input is ignored. */
export function SearchBox({ className, onSearch }: { className?: string; onSearch?: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/products?${new URLSearchParams({ search: query })}`);
    onSearch?.();
  }

  return (
    <form role="search" onSubmit={submit} className={cx('relative', className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search instruments…"
        aria-label="Search instruments"
        autoComplete="off"
        className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm text-slate-800 placeholder:text-slate-400 focus:border-brand-400 focus:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
      />
    </form>
  );
}
