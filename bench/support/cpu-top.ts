import { readFileSync } from 'node:fs';

/**
 * The functions a CPU profile (`node --cpu-prof`) spent most time in, by their own time, and the same by where their
 * code lives (a package under node_modules, the shop's own src/, Node itself):
 * `node --import tsx bench/support/cpu-top.ts <file.cpuprofile> [rows]`.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('Name a .cpuprofile file');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const rows = Number(rowsArg ?? 25);
const totalHits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
const share = (hits: number) => `${((100 * hits) / totalHits).toFixed(1)} %`;

const place = (url: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.includes('/src/')) return `src/${url.split('/src/')[1].split('/').slice(0, 2).join('/')}`;
  return url ? 'node' : '(native, idle or garbage collection)';
};

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const { callFrame, hitCount = 0 } of profile.nodes) {
  const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + hitCount);
  byPlace.set(place(callFrame.url), (byPlace.get(place(callFrame.url)) ?? 0) + hitCount);
}
const top = (map: Map<string, number>) => [...map.entries()].sort(([, a], [, b]) => b - a).slice(0, rows);
console.log('| own time | function |\n|---:|---|');
for (const [name, hits] of top(byFunction)) console.log(`| ${share(hits)} | ${name} |`);
console.log('\n| own time | where |\n|---:|---|');
for (const [name, hits] of top(byPlace)) console.log(`| ${share(hits)} | ${name} |`);
