import type { DigestFormat } from '../pack/document.js';
import { type IndexOptions } from '../pipeline/indexRepository.js';
import { type PackSettings } from '../pipeline/packRepository.js';
import type { ProduceDigest } from './runDigest.js';
import type { Settings } from './settings.js';
/** A pytest node id a shell reads as one plain word: path characters, `::`, identifiers. */
export declare const SHELL_SAFE_NODE_ID: RegExp;
export declare const produceDigest: ProduceDigest;
/** The index options the CLI builds from its scan flags (cli/main.ts indexOptionsFrom), from the inputs. */
export declare function indexOptions(settings: Readonly<Settings>): IndexOptions;
/** The pack settings the CLI builds from its pack flags (cli/commands/pack.ts packSettingsFrom), per format. */
export declare function packSettings(settings: Readonly<Settings>, format: DigestFormat): PackSettings;
