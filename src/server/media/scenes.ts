import type { Drawing } from './drawing.ts';
import { line, num, paint } from './svg-kit.ts';
import type { Variation } from './variation.ts';

/** Light neutral studio backdrop with a faint tint that differs per type. */
export function backdrop(v: Variation, width: number, height: number): string {
  return (
    `<radialGradient id="bg" cx=".5" cy=".42" r=".8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="hsl(${v.tintHue} 30% 92%)"/></radialGradient>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)" stroke="none"/>`
  );
}

const shadowed = (markup: string) => `<g filter="url(#sh)">${markup}</g>`;
const around = (transform: string, markup: string) => `<g transform="translate(400 400) ${transform} translate(-400 -400)">${markup}</g>`;

export function fullView(d: Drawing, v: Variation): string {
  if (d.pose === 'long') return shadowed(around(`rotate(${num(v.tilt)}) scale(.98)`, d.body));
  return shadowed(around(`rotate(${num(v.tilt * 0.25)}) scale(.95)`, d.body));
}

export function angledView(d: Drawing, v: Variation): string {
  if (d.pose === 'long') return shadowed(around(`rotate(${num(-42 + v.tilt)}) scale(1.08)`, d.body));
  // A skew reads as the object being turned a little towards the viewer.
  const skew = v.unit(7) > 0.5 ? 7 : -7;
  return shadowed(around(`skewY(${skew}) scale(.84 .92)`, d.body));
}

export function closeUpView(d: Drawing, v: Variation): string {
  const zoom = d.zoom ?? 2.2;
  const [fx, fy] = d.focus;
  const tilt = d.pose === 'long' ? v.tilt * 0.5 : 0;
  return (
    shadowed(`<g transform="translate(400 410) rotate(${num(tilt)}) scale(${zoom}) translate(${-fx} ${-fy})">${d.body}</g>`) +
    '<radialGradient id="vg" cx=".5" cy=".5" r=".72"><stop offset=".72" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#dfe4e9" stop-opacity=".7"/></radialGradient>' +
    '<rect width="800" height="800" fill="url(#vg)" stroke="none"/>'
  );
}

/** Hand instruments in a peel pouch: paper back, clear film front, heat-seal bands, chevron peel end, indicator. */
function pouch(d: Drawing, v: Variation): string {
  const angle = num(8 + v.tilt * 0.6);
  const x = 230, y = 70, w = 340, h = 660;
  const chevron = `M${x} ${y + 40}L${x + w / 2} ${y}L${x + w} ${y + 40}`;
  return (
    '<pattern id="seal" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0V7" stroke="#9db4c6" stroke-width="2.4"/></pattern>' +
    '<linearGradient id="film" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#dff0fb" stop-opacity=".4"/><stop offset=".45" stop-color="#ffffff" stop-opacity=".15"/><stop offset=".55" stop-color="#ffffff" stop-opacity=".3"/><stop offset="1" stop-color="#cfe6f6" stop-opacity=".35"/></linearGradient>' +
    shadowed(
      `<g transform="rotate(${angle} 400 400)">` +
        `<path d="M${x} ${y + 40}L${x + w / 2} ${y}L${x + w} ${y + 40}V${y + h}H${x}Z" fill="#f6f4ee" stroke="#c9cdd1" stroke-width="2"/>` +
        `<g transform="translate(400 420) scale(.74) translate(-400 -400)">${d.body}</g>` +
        `<path d="M${x} ${y + 40}L${x + w / 2} ${y}L${x + w} ${y + 40}V${y + h}H${x}Z" fill="url(#film)" stroke="#b7c7d3" stroke-width="1.5"/>` +
        `<path fill-rule="evenodd" fill="url(#seal)" d="M${x + 4} ${y + 44}L${x + w / 2} ${y + 6}L${x + w - 4} ${y + 44}V${y + h - 4}H${x + 4}ZM${x + 22} ${y + 86}L${x + w / 2} ${y + 52}L${x + w - 22} ${y + 86}V${y + h - 22}H${x + 22}Z"/>` +
        line(chevron, 1.5, '#9fb2c1') +
        `<rect x="${x + w - 74}" y="${y + h - 64}" width="40" height="26" rx="3" fill="#f2e3c6" stroke="#c6a56a"/>` +
        `<rect x="${x + w - 68}" y="${y + h - 58}" width="28" height="14" rx="2" fill="#8a5a2b" stroke="none"/>` +
        `<path d="M${x + 40} ${y + h - 60}h80M${x + 40} ${y + h - 48}h60" stroke="#b8c6d2" stroke-width="4"/>` +
        '</g>',
    )
  );
}

/** Small devices lying in an instrument tray seen from above. */
function tray(d: Drawing, v: Variation): string {
  return (
    shadowed(
      `<rect x="100" y="170" width="600" height="460" rx="34" fill="${paint.steelAcross}"/>` +
        `<rect x="132" y="202" width="536" height="396" rx="20" fill="#e3e7eb" stroke="#9aa3ab" stroke-width="1.5"/>` +
        `<rect x="132" y="202" width="536" height="396" rx="20" fill="${paint.perforation}" opacity=".18" stroke="none"/>`,
    ) +
    shadowed(`<g transform="translate(400 400) rotate(${num(-18 + v.tilt)}) scale(.6) translate(-400 -400)">${d.body}</g>`)
  );
}

/** Bench equipment on a laboratory counter. */
function counter(d: Drawing): string {
  return (
    `<path d="M0 600H800V800H0Z" fill="#e9ecef" stroke="none"/><path d="M0 600H800" stroke="#c9ced3" stroke-width="3"/>` +
    '<path d="M0 740H800V800H0Z" fill="#d8dde2" stroke="none"/>' +
    `<ellipse cx="400" cy="678" rx="250" ry="18" fill="#9aa4ad" opacity=".35" stroke="none"/>` +
    shadowed(`<g transform="translate(400 680) scale(.82) translate(-400 -650)">${d.body}</g>`)
  );
}

export function presentationView(d: Drawing, v: Variation): string {
  if (d.pose === 'long') return pouch(d, v);
  return d.pose === 'object' ? tray(d, v) : counter(d);
}
