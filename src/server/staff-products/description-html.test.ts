import { describe, expect, it } from 'vitest';
import { descriptionText, sanitizeDescription } from './description-html.ts';

describe('sanitizeDescription', () => {
  it('keeps the formatting tags and http, https and mail links, with rel="noopener noreferrer"', () => {
    const html = '<h3>Use</h3><p><strong>Sharp</strong>, <em>fine</em> <u>tips</u><br></p><ul><li>one</li></ul><ol><li>two</li></ol>'
      + '<blockquote>quote</blockquote><table><thead><tr><th>Size</th></tr></thead><tbody><tr><td>14 cm</td></tr></tbody></table>'
      + '<p><a href="https://example.com/ifu">IFU</a> <a href="mailto:shop@example.com">mail</a></p>';
    expect(sanitizeDescription(html)).toBe(html
      .replace('<br>', '<br />')
      .replace('<a href="https://example.com/ifu">', '<a href="https://example.com/ifu" rel="noopener noreferrer">')
      .replace('<a href="mailto:shop@example.com">', '<a href="mailto:shop@example.com" rel="noopener noreferrer">'));
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="x()" class="big" style="color:red" id="a">ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>ok', 'ok'],
    ['<svg onload=alert(1)><circle /></svg>ok', 'ok'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<style>p { display: none }</style>ok', 'ok'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="//evil.example">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="https://example.com" target="_blank" rel="opener" onmouseover="x()">x</a>', '<a href="https://example.com" rel="noopener noreferrer">x</a>'],
    ['<scr<script>ipt>alert(1)</scr</script>ipt>', 'ipt&gt;alert(1)ipt&gt;'],
    ['<form action="https://evil.example"><input name="card"></form>ok', 'ok'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok', 'ok'],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
  ])('%s → %s', (hostile, safe) => {
    expect(sanitizeDescription(hostile)).toBe(safe);
  });

  it('escapes the special characters of plain text', () => {
    expect(sanitizeDescription('Smith & Nephew: 5 < 6')).toBe('Smith &amp; Nephew: 5 &lt; 6');
  });
});

describe('descriptionText', () => {
  it('keeps the words, apart, without tags or escapes', () => {
    expect(descriptionText('<p>Smith &amp; Nephew</p><ul><li>5 &lt; 6</li><li>two</li></ul><script>x()</script>'))
      .toBe('Smith & Nephew 5 < 6 two');
    expect(descriptionText('Plain &#38; simple')).toBe('Plain & simple');
  });
});
