
// The package API: the same capabilities as the CLI, typed. Build the index once, then pack, search
// or digest a change as many times as needed.
//
//   import { indexRepository, packRepository } from 'repodigest';
//   const index = await indexRepository('path/to/repo');
//   const a = packRepository(index, { entry: 'pkg.mod.func' }, { budget: 2000 }); // over DEFAULT_PACK_SETTINGS
//   const b = packRepository(index, { query: 'where are migrations applied' });
export type * from './model.js';
export { indexRepository, scanRepository, assembleIndex, DEFAULT_MAX_FILE_BYTES, type IndexOptions } from './pipeline/indexRepository.js';
export { packRepository, packRoots, adjacencyOf, DEFAULT_PACK_SETTINGS, type PackSettings } from './pipeline/packRepository.js';
export { resolveTarget, type Target, type ResolvedTarget } from './pipeline/resolveTarget.js';
export { prDigest, type PrDigest } from './pr/digest.js';
export { packPr } from './pr/packPr.js';
export { preparePr, type PreparedPr } from './pr/prepare.js';
export type { PrDigestRequest } from './pr/request.js';
export { searchRepository } from './pipeline/searchRepository.js';
export type { PackResult, PackedSymbol, SkippedSymbol } from './pack/packer.js';
export type { TokenEncoding } from './pack/tokens.js';
export type { DigestFormat } from './pack/document.js';
export { RepoDigestError, UsageError } from './shared/errors.js';
