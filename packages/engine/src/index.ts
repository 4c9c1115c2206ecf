export { Engine } from './engine.js';
export { EventBuffer } from './event-buffer.js';
export { OrderBook } from './order-book.js';
export { fromSteps, toSteps } from './scale.js';
export type { BookSnapshot, EngineSnapshot, SnapshotOrder } from './snapshot.js';
export { hashSnapshot } from './state-hash.js';
export { validateBook } from './validate.js';
export type * from './types.js';
