import { cpus } from 'node:os';
import sharp from 'sharp';
import { processPhoto } from '../src/server/media/photo-pipeline.ts';

/**
 * Time to turn one 12-megapixel JPEG (4000 × 3000) into every rendition an upload stores: AVIF and WebP at 320, 640,
 * 960 and 1600 px. Two inputs: pure noise, the worst case for every encoder, and the same noise blurred, closer to a
 * photo of an instrument on a plain background. BENCH_RUNS sets the runs per input (3).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const noise = sharp({
  create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
});
const inputs = {
  'noise (worst case)': await noise.clone().jpeg({ quality: 90 }).toBuffer(),
  'blurred noise (photo-like)': await noise.clone().blur(4).jpeg({ quality: 90 }).toBuffer(),
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`Machine: ${cpus().length} cores, Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}); ${RUNS} runs each.`);
console.log('| input | JPEG size | median s | photos / minute | stored (8 renditions) |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, file] of Object.entries(inputs)) {
  await processPhoto(file);
  const times: number[] = [];
  let stored = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const photo = await processPhoto(file);
    times.push(performance.now() - started);
    stored = photo.renditions.reduce((sum, rendition) => sum + rendition.content.length, 0);
  }
  const seconds = median(times) / 1000;
  console.log(`| ${name} | ${(file.length / 1e6).toFixed(1)} MB | ${seconds.toFixed(2)} | ${(60 / seconds).toFixed(0)} | ${(stored / 1e6).toFixed(2)} MB |`);
}
