import type { PackResult } from '../pack/packer.js';
import { type PackSettings } from '../pipeline/packRepository.js';
import { type PreparedPr } from './prepare.js';
/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export declare function packPr(prepared: PreparedPr, settings: Partial<PackSettings>): PackResult;
/** Said in the XML header when the level shortened a list: the lists' `total` attributes say by how much. */
export declare const XML_SHORTENED_NOTE = "To fit the budget, some lists are shortened: a list element's total attribute counts every entry, and the JSON digest lists them all.";
