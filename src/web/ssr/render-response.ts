import { createContext, useContext } from 'react';

/** What a page asks of the HTTP answer while the server renders it: its status and, for a moved page, where to. */
export interface RenderResponse {
  status: number;
  location?: string;
}

/** Where pages note their answer while the server renders them; absent in the browser. */
export interface ResponseNotes {
  note(answer: RenderResponse): void;
}

export const ResponseNotesContext = createContext<ResponseNotes | null>(null);

/** A page that is not there (an unknown product or category, the 404 page) answers with this status. */
export function useHttpStatus(status: number): void {
  useContext(ResponseNotesContext)?.note({ status });
}

/** A page found under a former address answers 301 to its address now. */
export function usePermanentRedirect(location: string | undefined): void {
  const notes = useContext(ResponseNotesContext);
  if (location) notes?.note({ status: 301, location });
}

/** Rendered where a page is not there: the server answers with `status`. */
export function HttpStatus({ status }: { status: number }): null {
  useHttpStatus(status);
  return null;
}
