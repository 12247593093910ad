/** What a person recognises a signed-in device by, read from its User-Agent header. */
export interface Device {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge, Opera and Samsung Internet also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/\b(?:Edg|Edge|EdgA|EdgiOS)\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

// iPhone and iPad before macOS (their agents say "like Mac OS X"), Android before Linux.
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], userAgent: string) => list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null };
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}
