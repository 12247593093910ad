/** FNV-1a, 32-bit: a stable hash so a type slug always gets the same look. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const TINT_HUES = [205, 192, 168, 220, 32, 350, 258, 145, 15, 185] as const;
const ACCENTS = [
  ['#34507a', '#1d2f4d'], ['#7b2d3b', '#4d1722'], ['#3a3f45', '#1c1f23'], ['#1f6f73', '#0f4547'],
  ['#2d5fb3', '#1a3b75'], ['#5b3d7a', '#362349'], ['#2f6b45', '#1a4128'], ['#8a4b1f', '#57290c'],
] as const;

/** Small, deterministic differences between types of one family. */
export interface Variation {
  /** 0..1: how long the working part is drawn. */
  len: number;
  curved: boolean;
  /** Degrees added to the composition angle. */
  tilt: number;
  tintHue: number;
  /** Light and dark shade of the plastic/tubing colour. */
  accent: readonly [string, string];
  unit(salt: number): number;
  pick<T>(list: readonly T[], salt: number): T;
}

export function variationFor(key: string): Variation {
  const unit = (salt: number) => (hashString(`${key}#${salt}`) % 10_007) / 10_007;
  const pick = <T>(list: readonly T[], salt: number): T => list[Math.floor(unit(salt) * list.length)];
  return {
    len: unit(1),
    curved: unit(2) > 0.55,
    tilt: Math.round((unit(3) * 2 - 1) * 60) / 10,
    tintHue: pick(TINT_HUES, 4),
    accent: pick(ACCENTS, 5),
    unit,
    pick,
  };
}
