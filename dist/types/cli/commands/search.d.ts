import type { RepoIndex } from '../../model.js';
import type { ListFormat } from '../options.js';
export declare function renderSearchCommand(index: RepoIndex, query: string, top: number, format: ListFormat, terminal?: boolean): string;
