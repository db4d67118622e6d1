/** Lock files: deterministic catalog snapshots with per-tool hashes. */
export { canonicalJson, canonicalPretty } from '../util/canonical-json.js';
export { hashValue, toolHashes, mismatchedHashes, HASHED_FIELDS, type HashedField, type ToolHashes } from '../catalog/hash.js';
export { createSnapshot, serializeSnapshot, sameSnapshotContent, portablePath, type Snapshot, type SnapshotTool, type SnapshotOptions } from './create.js';
export { findSecretLeak } from './secrets.js';
