/**
 * The Unicode bidirectional algorithm (UAX #9) for one line of text, as far as shop documents need it: Arabic and Hebrew letters, Latin text, European and Arabic-Indic numbers with their separators and
 * currency signs, neutrals, directional marks and isolates (FSI, LRI, RLI … PDI). No explicit embeddings or
 * overrides. PDF text has no reordering of its own, so a right-to-left line is drawn in the order this returns.
 */

type BidiClass = 'L' | 'R' | 'AL' | 'EN' | 'AN' | 'ES' | 'ET' | 'CS' | 'NSM' | 'WS' | 'ON' | 'LRI' | 'RLI' | 'FSI' | 'PDI';

const inRanges = (cp: number, ranges: [number, number][]) => ranges.some(([from, to]) => cp >= from && cp <= to);

const ARABIC_MARKS: [number, number][] = [[0x0610, 0x061a], [0x064b, 0x065f], [0x0670, 0x0670], [0x06d6, 0x06dc], [0x06df, 0x06e4],
  [0x06e7, 0x06e8], [0x06ea, 0x06ed], [0x08d3, 0x08e1], [0x08e3, 0x08ff]];
const ARABIC_NUMBERS: [number, number][] = [[0x0600, 0x0605], [0x0660, 0x0669], [0x066b, 0x066c], [0x06dd, 0x06dd], [0x08e2, 0x08e2]];
const ARABIC_LETTERS: [number, number][] = [[0x0608, 0x0608], [0x060b, 0x060b], [0x060d, 0x060d], [0x061b, 0x064a], [0x066d, 0x066f],
  [0x0671, 0x06d5], [0x06e5, 0x06e6], [0x06ee, 0x06ef], [0x06fa, 0x06ff], [0x0750, 0x077f], [0x08a0, 0x08d2],
  [0xfb50, 0xfdff], [0xfe70, 0xfefe]];
const HEBREW: [number, number][] = [[0x05be, 0x05be], [0x05c0, 0x05c0], [0x05c3, 0x05c3], [0x05c6, 0x05c6], [0x05d0, 0x05f4],
  [0xfb1d, 0xfb4f]];

function bidiClass(cp: number): BidiClass {
  if (cp >= 0x30 && cp <= 0x39) return 'EN';
  if (cp >= 0x06f0 && cp <= 0x06f9) return 'EN';
  if (inRanges(cp, ARABIC_MARKS)) return 'NSM';
  if (inRanges(cp, ARABIC_NUMBERS)) return 'AN';
  if (inRanges(cp, ARABIC_LETTERS)) return 'AL';
  if (inRanges(cp, HEBREW) || cp === 0x200f) return 'R';
  if (cp === 0x200e) return 'L';
  if (cp === 0x2066) return 'LRI';
  if (cp === 0x2067) return 'RLI';
  if (cp === 0x2068) return 'FSI';
  if (cp === 0x2069) return 'PDI';
  if (cp === 0x2b || cp === 0x2d || cp === 0x2212) return 'ES';
  if ('#$%°¢£¤¥€₨₹'.includes(String.fromCodePoint(cp)) || cp === 0x066a || cp === 0x0609 || cp === 0x060a) return 'ET';
  if (cp === 0x2c || cp === 0x2e || cp === 0x2f || cp === 0x3a || cp === 0xa0 || cp === 0x060c || cp === 0x202f) return 'CS';
  if (cp === 0x20 || cp === 0x09 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x3000) return 'WS';
  return /[\p{L}\p{Mc}]/u.test(String.fromCodePoint(cp)) ? 'L' : 'ON';
}

const isStrong = (type: BidiClass) => type === 'L' || type === 'R' || type === 'AL';
const isIsolateInitiator = (type: BidiClass) => type === 'LRI' || type === 'RLI' || type === 'FSI';
const isNeutral = (type: BidiClass) => type === 'WS' || type === 'ON' || isIsolateInitiator(type) || type === 'PDI';
/** For neutrals, numbers count as right-to-left (N1). */
const strongDirection = (type: BidiClass): 'L' | 'R' | null =>
  type === 'L' ? 'L' : type === 'R' || type === 'AL' || type === 'EN' || type === 'AN' ? 'R' : null;
const levelDirection = (level: number): 'L' | 'R' => (level % 2 === 0 ? 'L' : 'R');

/** Where the isolate opened at `start` closes (its PDI), or the end of the text. */
function matchingPdi(classes: BidiClass[], start: number, end: number): number {
  let depth = 0;
  for (let i = start + 1; i < end; i++) {
    if (isIsolateInitiator(classes[i])) depth++;
    else if (classes[i] === 'PDI' && depth-- === 0) return i;
  }
  return end;
}

/** The direction of the first strong letter outside nested isolates (P2, for FSI). */
function firstStrong(classes: BidiClass[], start: number, end: number): 'L' | 'R' | null {
  for (let i = start; i < end; i++) {
    if (isIsolateInitiator(classes[i])) i = matchingPdi(classes, i, end);
    else if (isStrong(classes[i])) return classes[i] === 'L' ? 'L' : 'R';
  }
  return null;
}

const nextLevel = (level: number, direction: 'L' | 'R') =>
  direction === 'R' ? level + 1 + ((level + 1) % 2 === 0 ? 1 : 0) : level + 1 + ((level + 1) % 2);

/** Resolves the levels of the isolating run sequence from `start` to `end` at `level`, and of the isolates inside it. */
function resolve(classes: BidiClass[], levels: number[], start: number, end: number, level: number): void {
  const sequence: number[] = [];
  for (let i = start; i < end; i++) {
    sequence.push(i);
    if (!isIsolateInitiator(classes[i])) continue;
    const close = matchingPdi(classes, i, end);
    const direction = classes[i] === 'LRI' ? 'L' : classes[i] === 'RLI' ? 'R' : (firstStrong(classes, i + 1, close) ?? 'L');
    resolve(classes, levels, i + 1, close, nextLevel(level, direction));
    if (close < end) sequence.push(close);
    i = close;
  }
  const types = sequence.map((i) => classes[i]);
  const edge = levelDirection(level);

  // W1: a mark takes the class of what it follows (a neutral after an isolate's edge).
  types.forEach((type, k) => {
    if (type !== 'NSM') return;
    const before = k === 0 ? edge : types[k - 1];
    types[k] = isIsolateInitiator(before) || before === 'PDI' ? 'ON' : before;
  });
  // W2, W3: a European number after Arabic letters is an Arabic number; Arabic letters are right-to-left.
  let lastStrong: BidiClass = edge;
  types.forEach((type, k) => {
    if (type === 'EN' && lastStrong === 'AL') types[k] = 'AN';
    if (isStrong(type)) lastStrong = type;
  });
  types.forEach((type, k) => { if (type === 'AL') types[k] = 'R'; });
  // W4: one separator between two numbers of a kind joins them.
  for (let k = 1; k < types.length - 1; k++) {
    const [before, after] = [types[k - 1], types[k + 1]];
    if (types[k] === 'ES' && before === 'EN' && after === 'EN') types[k] = 'EN';
    else if (types[k] === 'CS' && before === after && (before === 'EN' || before === 'AN')) types[k] = before;
  }
  // W5: currency and percent signs beside a European number belong to it.
  for (let k = 0; k < types.length; k++) {
    if (types[k] !== 'ET') continue;
    let last = k;
    while (last + 1 < types.length && types[last + 1] === 'ET') last++;
    if (types[k - 1] === 'EN' || types[last + 1] === 'EN') for (let m = k; m <= last; m++) types[m] = 'EN';
    k = last;
  }
  // W6: other separators and terminators are neutral.
  types.forEach((type, k) => { if (type === 'ES' || type === 'ET' || type === 'CS') types[k] = 'ON'; });
  // W7: a European number in left-to-right text is left-to-right.
  lastStrong = edge;
  types.forEach((type, k) => {
    if (type === 'EN' && lastStrong === 'L') types[k] = 'L';
    if (type === 'L' || type === 'R') lastStrong = type;
  });
  // N1, N2: neutrals between two of a direction take it; others take the level's.
  for (let k = 0; k < types.length; k++) {
    if (!isNeutral(types[k])) continue;
    let last = k;
    while (last + 1 < types.length && isNeutral(types[last + 1])) last++;
    const before = k === 0 ? edge : strongDirection(types[k - 1]);
    const after = last === types.length - 1 ? edge : strongDirection(types[last + 1]);
    for (let m = k; m <= last; m++) types[m] = before === after && before ? before : edge;
    k = last;
  }
  // I1, I2.
  sequence.forEach((i, k) => {
    const type = types[k];
    if (level % 2 === 0) levels[i] = level + (type === 'R' ? 1 : type === 'AN' || type === 'EN' ? 2 : 0);
    else levels[i] = level + (type === 'L' || type === 'EN' || type === 'AN' ? 1 : 0);
  });
}

const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«', '‹': '›', '›': '‹' };
const INVISIBLE = new Set(['LRI', 'RLI', 'FSI', 'PDI']);
/** Left-to-right, right-to-left and Arabic letter marks. */
const DIRECTION_MARKS = new Set(['\u200e', '\u200f', '\u061c']);

export interface VisualCharacter {
  char: string;
  /** Odd: the character belongs to right-to-left text. */
  level: number;
}

/**
 * One line in display order, left to right: brackets in right-to-left text mirrored, directional marks and isolate
 * controls left out (they have no glyph). The line takes the direction of its first letter, left to right when it has
 * none (P2, P3), so a name, an address or a phone number keeps its own order in a right-to-left document.
 */
export function visualOrder(line: string): VisualCharacter[] {
  const chars = [...line];
  const classes = chars.map((char) => bidiClass(char.codePointAt(0)!));
  const paragraph = firstStrong(classes, 0, chars.length) === 'R' ? 1 : 0;
  const levels = chars.map(() => paragraph);
  resolve(classes, levels, 0, chars.length, paragraph);
  // L1: whitespace at the end of the line goes back to the paragraph's level.
  for (let i = chars.length - 1; i >= 0 && (classes[i] === 'WS' || INVISIBLE.has(classes[i])); i--) levels[i] = paragraph;
  const order = chars.map((_, i) => i);
  // L2: from the highest level down to the lowest odd one, reverse every run at that level or above.
  for (let level = Math.max(...levels, 0); level >= 1; level--) {
    for (let k = 0; k < order.length; k++) {
      if (levels[order[k]] < level) continue;
      let last = k;
      while (last + 1 < order.length && levels[order[last + 1]] >= level) last++;
      order.splice(k, last - k + 1, ...order.slice(k, last + 1).reverse());
      k = last;
    }
  }
  return order
    .filter((i) => !INVISIBLE.has(classes[i]) && !DIRECTION_MARKS.has(chars[i]))
    .map((i) => ({ char: levels[i] % 2 === 1 ? MIRRORED[chars[i]] ?? chars[i] : chars[i], level: levels[i] }));
}
