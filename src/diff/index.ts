/** Drift: semantic comparison of two catalogs or snapshots. */
export { diffCatalogs, diffTool } from './diff.js';
export { compareSchemas, isBreaking, type SchemaChange, type SchemaComparison, type SchemaEffect } from './schema.js';
export { compareAnnotations, type AnnotationComparison } from './annotations.js';
export { guessRenames } from './rename.js';
export { wordDiff, diffWords, levenshtein, normalizedDistance } from './words.js';
export { driftResult, type DriftSettings } from './result.js';
