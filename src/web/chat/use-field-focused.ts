import { useSyncExternalStore } from 'react';

const TYPING = 'input:not([type=checkbox],[type=radio],[type=button],[type=submit],[type=reset],[type=range]),textarea,select,[contenteditable=""],[contenteditable=true]';

/**
 * Whether focus is in a page's field one types into or picks from (where an on-screen keyboard may be open). Fields in
 * a dialog (the chat panel itself, a modal form) do not count: the dialog is above the button anyway.
 */
export function isFormField(element: Element | null): boolean {
  return element !== null && element.matches(TYPING) && element.closest('[role=dialog]') === null;
}

function subscribe(onChange: () => void) {
  document.addEventListener('focusin', onChange);
  document.addEventListener('focusout', onChange);
  return () => {
    document.removeEventListener('focusin', onChange);
    document.removeEventListener('focusout', onChange);
  };
}

/** True while a form field on the page has focus. */
export function useFormFieldFocused(): boolean {
  return useSyncExternalStore(subscribe, () => isFormField(document.activeElement), () => false);
}
