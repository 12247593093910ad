import { useContext, useEffect, useState } from 'react';
import { RenderedAtContext, useHydrated } from './use-hydrated.ts';

/** The current time in ms, refreshed every `intervalMs`; a server-rendered page's time until it is hydrated. */
export function useNow(intervalMs = 1000): number {
  const renderedAt = useContext(RenderedAtContext);
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return hydrated || renderedAt === null ? now : renderedAt;
}
