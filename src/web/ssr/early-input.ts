/**
 * What a visitor chose in a server-rendered form before the app took the page over (docs/decisions/0012, 0013).
 * Hydration keeps the fields as the visitor left them, so the form reads its own; a page rendered in the browser over
 * the server's (a signed-in visitor's) replaces them, so their values are kept first (`keepEarlyInput`).
 */
const kept = new Map<string, URLSearchParams>();

/** Marks a form whose early choices count; it needs an id. */
export const EARLY_INPUT = { 'data-early-input': '' } as const;

/** A form's fields as its GET would send them. */
export const formFields = (form: HTMLFormElement) =>
  new URLSearchParams([...new FormData(form)].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));

/** Before the app renders over the server's page: the fields of its marked forms, by form id. */
export function keepEarlyInput(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-early-input][id]')) kept.set(form.id, formFields(form));
}

/** The form's fields as the visitor left them before the app started: kept ones (once), else its own. */
export function earlyInput(form: HTMLFormElement): URLSearchParams {
  const fields = kept.get(form.id) ?? formFields(form);
  kept.delete(form.id);
  return fields;
}
