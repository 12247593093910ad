import { Worker } from 'node:worker_threads';

/** Dimensions of the Universal Sentence Encoder lite. */
export const EMBEDDING_DIMENSIONS = 512;
/** Names the model and the text recipe in every content hash: changing either recomputes every vector. */
export const EMBEDDING_MODEL = 'use-lite-512/v1';

export interface Encoder {
  /** Resolves when the model is loaded; rejects when it cannot be. */
  readonly ready: Promise<void>;
  /** Texts to unit vectors, for the indexer: runs after any waiting query. */
  embedBatch(texts: string[]): Promise<Float32Array[]>;
  /** One query's vector, ahead of batches. */
  embedQuery(text: string): Promise<Float32Array>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  texts: string[];
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

/** The model in a worker thread: one request at a time, queries before batches. */
export function createEncoder(): Encoder {
  const worker = new Worker(new URL('./encoder-worker.mjs', import.meta.url), { execArgv: [] });
  worker.unref();
  let loaded = false;
  let closed = false;
  const queries: Job[] = [];
  const batches: Job[] = [];
  let running: Job | undefined;
  let nextId = 1;

  let markReady: () => void;
  let markFailed: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => { markReady = resolve; markFailed = reject; });
  ready.catch(() => {});

  const failAll = (error: Error) => {
    for (const job of [...queries.splice(0), ...batches.splice(0), ...(running ? [running] : [])]) job.reject(error);
    running = undefined;
  };
  const pump = () => {
    if (running || !loaded || closed) return;
    running = queries.shift() ?? batches.shift();
    if (running) worker.postMessage({ id: running.id, texts: running.texts });
  };

  worker.on('message', (message: { ready?: true; failed?: string; id?: number; vectors?: Float32Array[]; error?: string }) => {
    if (message.ready) {
      loaded = true;
      markReady();
      pump();
      return;
    }
    if (message.failed) {
      const error = new Error(`the embedding model could not be loaded: ${message.failed}`);
      markFailed(error);
      failAll(error);
      return;
    }
    const job = running;
    running = undefined;
    if (job && job.id === message.id) {
      if (message.error) job.reject(new Error(message.error));
      else job.resolve(message.vectors!);
    }
    pump();
  });
  worker.on('error', (error) => {
    markFailed(error);
    failAll(error);
  });

  const enqueue = (queue: Job[], texts: string[]) => new Promise<Float32Array[]>((resolve, reject) => {
    if (closed) return reject(new Error('the encoder is closed'));
    queue.push({ id: nextId++, texts, resolve, reject });
    pump();
  });

  return {
    ready,
    embedBatch: (texts) => (texts.length ? enqueue(batches, texts) : Promise.resolve([])),
    embedQuery: (text) => enqueue(queries, [text]).then(([vector]) => vector),
    async close() {
      closed = true;
      failAll(new Error('the encoder is closed'));
      await worker.terminate();
    },
  };
}
