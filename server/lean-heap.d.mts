// Imported for its effect only: it sets V8 flags before the app loads (see lean-heap.mjs).
export {};
