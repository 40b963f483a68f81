import type { PackResult } from '../pack/packer.js';
import { type PackSettings } from '../pipeline/packRepository.js';
import { type PreparedPr } from './prepare.js';
/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export declare function packPr(prepared: PreparedPr, pack: PackSettings): PackResult;
