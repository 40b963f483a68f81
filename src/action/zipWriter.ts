// Writes a zip archive in memory, for the digest artifact: a handful of text files of a few MB, so
// one Buffer, no streaming and no Zip64 (an entry or archive past 4 GiB, or past 65,535 entries, is
// refused with the limit named rather than written wrong).
//
// Decisions:
// - Deflate at level 6 (node:zlib, raw), the level @actions/artifact archives with; an entry deflate
//   would make larger is stored instead, as zip writers do.
// - Names are UTF-8 with the language-encoding flag (bit 11) set, so 'ü' survives every reader; the
//   sizes and CRC-32 are in the local headers (no data descriptors): the whole entry is known first.
// - CRC-32 from zlib.crc32 where Node has it (20.15+), else a 256-entry table: the engines floor is 20.0.
// - Unix "made by" with mode 0644 and the file's modification time (2-second DOS resolution, local
//   time as DOS dates are), so an unzipped file keeps its date.
import * as zlib from 'node:zlib';

export interface ZipEntry {
  /** The path inside the archive, '/'-separated, no leading slash. */
  name: string;
  data: Buffer;
  modified: Date;
}

const LIMIT = 0xffffffff;
const DEFLATE_LEVEL = 6;
const UTF8_NAMES = 0x0800;
const VERSION = 20; // 2.0: deflate
const MADE_BY_UNIX = (3 << 8) | VERSION;
const FILE_MODE = 0o100644;

interface EntryFields {
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
}

/** The fields the local header and the central directory record share, in the same order, from `at`. */
function writeEntryFields(header: Buffer, at: number, fields: EntryFields, nameLength: number): void {
  header.writeUInt16LE(fields.method, at);
  header.writeUInt16LE(fields.time, at + 2);
  header.writeUInt16LE(fields.date, at + 4);
  header.writeUInt32LE(fields.crc, at + 6);
  header.writeUInt32LE(fields.compressed, at + 10);
  header.writeUInt32LE(fields.size, at + 14);
  header.writeUInt16LE(nameLength, at + 18);
}

export function writeZip(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > 0xffff) throw new Error(`A zip of ${entries.length} entries needs Zip64; at most 65,535 are supported.`);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    if (entry.data.length >= LIMIT) throw new Error(`'${entry.name}' is ${entry.data.length} bytes; zip entries of 4 GiB or more need Zip64, which is not supported.`);
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = zlib.deflateRawSync(entry.data, { level: DEFLATE_LEVEL });
    const stored = deflated.length >= entry.data.length;
    const body = stored ? entry.data : deflated;
    const fields: EntryFields = { method: stored ? 0 : 8, crc: crc32(entry.data), compressed: body.length, size: entry.data.length, ...dosDateTime(entry.modified) };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    writeEntryFields(local, 8, fields, name.length);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY_UNIX, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    writeEntryFields(central, 10, fields, name.length);
    // extra, comment, disk number, internal attributes: 0
    central.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
    if (offset >= LIMIT) throw new Error(`The zip passes 4 GiB at '${entry.name}'; that needs Zip64, which is not supported.`);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** CRC-32 (IEEE 802.3, as zip and gzip use it). */
export function crc32(data: Uint8Array): number {
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  return typeof native === 'function' ? native(data) : tableCrc32(data);
}

let table: Uint32Array | undefined;

/** The table-driven CRC-32, for Node versions without zlib.crc32 (exported to test it against that). */
export function tableCrc32(data: Uint8Array): number {
  if (table === undefined) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time fields (local time; years before 1980 are clamped to it). */
function dosDateTime(when: Date): { time: number; date: number } {
  const year = Math.min(Math.max(when.getFullYear(), 1980), 2107);
  return {
    time: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  };
}
