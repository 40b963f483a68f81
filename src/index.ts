
// The package API: the same capabilities as the CLI, typed. Build the index once, then pack, search
// or digest a change as many times as needed.
//
//   import { indexRepository, packRepository } from 'repodigest';
//   const index = await indexRepository('path/to/repo');
//   const a = packRepository(index, { entry: 'pkg.mod.func' }, { budget: 2000 }); // over DEFAULT_PACK_SETTINGS
//   const b = packRepository(index, { query: 'where are migrations applied' });
export type * from './model.js';
export type { DigestFormat } from './pack/document.js';
export type { PackedSymbol, PackResult, SkippedSymbol } from './pack/packer.js';
export type { TokenEncoding } from './pack/tokens.js';
export { assembleIndex, DEFAULT_MAX_FILE_BYTES, type IndexOptions, indexRepository, scanRepository } from './pipeline/indexRepository.js';
export { adjacencyOf, DEFAULT_PACK_SETTINGS, type PackSettings, packRepository, packRoots } from './pipeline/packRepository.js';
export { type ResolvedTarget, resolveTarget, type Target } from './pipeline/resolveTarget.js';
export { searchRepository } from './pipeline/searchRepository.js';
export { type PrDigest, prDigest } from './pr/digest.js';
export { packPr } from './pr/packPr.js';
export { type PreparedPr, preparePr } from './pr/prepare.js';
export type { PrDigestRequest } from './pr/request.js';
export { RepoDigestError, UsageError } from './shared/errors.js';
