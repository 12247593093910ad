export type Point = readonly [number, number];

export const OUTLINE = '#5a636c';

export const paint = {
  steel: 'url(#st)',
  steelAcross: 'url(#sth)',
  steelRound: 'url(#str)',
  dark: 'url(#dk)',
  casing: 'url(#cs)',
  accent: 'url(#ac)',
  gold: 'url(#au)',
  screen: 'url(#scr)',
  mirror: 'url(#mir)',
  knurl: 'url(#kn)',
  perforation: 'url(#pf)',
} as const;

export const num = (value: number): string => String(Math.round(value * 10) / 10);

/** Gradients, patterns and the shadow every drawing refers to by id. */
export function paintDefs(accent: readonly [string, string]): string {
  return (
    '<defs>' +
    '<linearGradient id="st" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#7c8690"/><stop offset=".36" stop-color="#f5f7f9"/><stop offset=".6" stop-color="#c2c8ce"/><stop offset="1" stop-color="#808a94"/></linearGradient>' +
    '<linearGradient id="sth" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#7c8690"/><stop offset=".36" stop-color="#f5f7f9"/><stop offset=".6" stop-color="#c2c8ce"/><stop offset="1" stop-color="#808a94"/></linearGradient>' +
    '<radialGradient id="str" cx=".38" cy=".34" r=".75"><stop offset="0" stop-color="#fbfcfd"/><stop offset=".55" stop-color="#c3c9cf"/><stop offset="1" stop-color="#78828c"/></radialGradient>' +
    '<linearGradient id="dk" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#22272c"/><stop offset=".4" stop-color="#59616a"/><stop offset="1" stop-color="#1f2327"/></linearGradient>' +
    '<linearGradient id="cs" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fdfdfe"/><stop offset="1" stop-color="#d9dee3"/></linearGradient>' +
    `<linearGradient id="ac" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${accent[0]}"/><stop offset="1" stop-color="${accent[1]}"/></linearGradient>` +
    '<linearGradient id="au" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#9a7a2e"/><stop offset=".4" stop-color="#f6dc8c"/><stop offset="1" stop-color="#a5832f"/></linearGradient>' +
    '<linearGradient id="scr" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#17212b"/><stop offset="1" stop-color="#0b1016"/></linearGradient>' +
    '<linearGradient id="mir" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#eef6fb"/><stop offset=".5" stop-color="#9fb4c4"/><stop offset="1" stop-color="#e4eef5"/></linearGradient>' +
    '<pattern id="kn" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0H7M0 0V7" stroke="#56606a" stroke-width="1.2" opacity=".5"/></pattern>' +
    '<pattern id="pf" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="8" cy="8" r="3.6" fill="#5c6670" stroke="none"/></pattern>' +
    '<filter id="sh" x="-25%" y="-25%" width="150%" height="160%"><feDropShadow dx="0" dy="12" stdDeviation="10" flood-color="#1b2530" flood-opacity=".24"/></filter>' +
    '</defs>'
  );
}

/** Closed ellipse as path data, so rings can be cut out with evenodd. */
export const ellipse = (cx: number, cy: number, rx: number, ry: number): string =>
  `M${num(cx - rx)} ${num(cy)}a${num(rx)} ${num(ry)} 0 1 0 ${num(2 * rx)} 0a${num(rx)} ${num(ry)} 0 1 0 ${num(-2 * rx)} 0Z`;

export const part = (d: string, fill: string = paint.steel, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`;

export const ring = (cx: number, cy: number, rx: number, ry: number, band: number, fill: string = paint.steel): string =>
  `<path fill-rule="evenodd" fill="${fill}" d="${ellipse(cx, cy, rx, ry)}${ellipse(cx, cy, rx - band, ry - band)}"/>`;

/** Thin detail lines (grooves, seams, serrations) that sit on top of a part. */
export const line = (d: string, width = 1.4, colour = OUTLINE, opacity = 0.8): string =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" opacity="${opacity}"/>`;

/** A round rod or tube along a path: outline, body colour, and a highlight stripe. */
export function tube(d: string, width: number, colour = '#c9cfd5', highlight = '#ffffff'): string {
  const shift = num(-width * 0.18);
  return (
    `<path d="${d}" fill="none" stroke="${OUTLINE}" stroke-width="${num(width + 3.5)}"/>` +
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${num(width)}"/>` +
    `<path d="${d}" fill="none" stroke="${highlight}" stroke-opacity=".6" stroke-width="${num(Math.max(1.2, width * 0.22))}" transform="translate(${shift} ${shift})"/>`
  );
}

const quadPoint = (a: Point, c: Point, b: Point, t: number): Point => [
  (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t ** 2 * b[0],
  (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t ** 2 * b[1],
];

function bowControl(a: Point, b: Point, bow: number): { control: Point; normal: Point } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dx, dy) || 1;
  const normal: Point = [-dy / length, dx / length];
  return { control: [(a[0] + b[0]) / 2 + normal[0] * bow * 2, (a[1] + b[1]) / 2 + normal[1] * bow * 2], normal };
}

/** Path data of a bar from a to b whose width goes from wa to wb, bowed sideways by `bow` px at its middle. */
export function taper(a: Point, b: Point, wa: number, wb: number, bow = 0): string {
  const { control: c, normal: n } = bowControl(a, b, bow);
  const wm = (wa + wb) / 2;
  const side = (p: Point, w: number, s: number) => `${num(p[0] + n[0] * w * s / 2)} ${num(p[1] + n[1] * w * s / 2)}`;
  return `M${side(a, wa, 1)}Q${side(c, wm, 1)} ${side(b, wb, 1)}L${side(b, wb, -1)}Q${side(c, wm, -1)} ${side(a, wa, -1)}Z`;
}

/** Short cross lines along the same bowed centre line as `taper`, between fractions `from` and `to`. */
export function crossLines(a: Point, b: Point, bow: number, width: number, from: number, to: number, count: number): string {
  const { control: c, normal: n } = bowControl(a, b, bow);
  let d = '';
  for (let i = 0; i < count; i++) {
    const t = from + ((to - from) * i) / Math.max(1, count - 1);
    const p = quadPoint(a, c, b, t);
    d += `M${num(p[0] - n[0] * width / 2)} ${num(p[1] - n[1] * width / 2)}L${num(p[0] + n[0] * width / 2)} ${num(p[1] + n[1] * width / 2)}`;
  }
  return d;
}

/** The centre line of a bowed bar, for seams between closed jaws. */
export function centreLine(a: Point, b: Point, bow: number): string {
  const { control: c } = bowControl(a, b, bow);
  return `M${num(a[0])} ${num(a[1])}Q${num(c[0])} ${num(c[1])} ${num(b[0])} ${num(b[1])}`;
}

export const mirrorX = (markup: string): string => `<g transform="matrix(-1 0 0 1 800 0)">${markup}</g>`;

export const screw = (cx: number, cy: number, r: number): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${paint.steelRound}"/>` + line(`M${num(cx - r * 0.6)} ${num(cy - r * 0.3)}L${num(cx + r * 0.6)} ${num(cy + r * 0.3)}`, 1.6);

/** Root element; the shared outline style is inherited, so fills without an outline say stroke="none". */
export const svgDocument = (width: number, height: number, content: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
  `<g stroke="${OUTLINE}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">${content}</g></svg>`;
