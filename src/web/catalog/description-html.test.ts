import { describe, expect, it } from 'vitest';
import { descriptionHtml, descriptionText } from './description-html.ts';

describe('descriptionHtml', () => {
  it('keeps a formatted description as it is', () => {
    expect(descriptionHtml('<p>One</p><ul><li>two</li></ul>')).toBe('<p>One</p><ul><li>two</li></ul>');
  });

  it('makes a paragraph of each block of plain text, its escapes kept', () => {
    expect(descriptionHtml('Made by Smith &#38; Nephew.\n\nReusable.\n\n')).toBe('<p>Made by Smith &#38; Nephew.</p><p>Reusable.</p>');
  });
});

describe('descriptionText', () => {
  it('gives the words of either kind, for a card', () => {
    expect(descriptionText('<p>Fine <strong>serrated</strong> tips.</p><ul><li>12&nbsp;cm</li></ul>')).toBe('Fine serrated tips.12 cm');
    expect(descriptionText('Smith &#38; Nephew')).toBe('Smith & Nephew');
    expect(descriptionText('<p>1 &lt; 2 &amp;&amp; &#x3b1;-blade &quot;fine&quot; &bogus;</p>')).toBe('1 < 2 && α-blade "fine" &bogus;');
  });
});
