import { escapeHtml } from '../lib/mail-layout.ts';
import { scriptHash } from '../lib/script-hash.ts';

const SUBMIT_SCRIPT = 'document.forms[0].submit();';

/** The script-src source for a page whose one inline script is the auto-post form's: no other inline script runs. */
export const AUTO_POST_SCRIPT_SOURCE = scriptHash(SUBMIT_SCRIPT);

export const hiddenInputs = (fields: Record<string, string>): string => Object.entries(fields)
  .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
  .join('\n');

/**
 * A form of `fields` posted to `url` at once, the way payment pages pass the buyer on to a gateway or back to the
 * shop; without script, the buyer presses `button`. The page's policy must name AUTO_POST_SCRIPT_SOURCE.
 */
export const autoPostForm = (url: string, fields: Record<string, string>, button: string): string => `<form method="post" action="${escapeHtml(url)}">
${hiddenInputs(fields)}
<button type="submit">${escapeHtml(button)}</button>
</form>
<script>${SUBMIT_SCRIPT}</script>`;
