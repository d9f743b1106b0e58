/**
 * Workbooks made in the test (issue 20), bombs included: a ZIP built part by part, each deflated as it is
 * generated, so that a part of hundreds of MB never sits in memory and no large fixture is committed.
 */
import { randomBytes } from 'node:crypto';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** A part's text; `repeat` up to `bytes` is generated in pieces; `random` bytes are stored, not deflated. */
export type Part =
  | string
  | Buffer
  | { repeat: string; bytes: number; head?: string; tail?: string }
  | { random: number };

const PIECE = 1024 * 1024;

async function packed(part: Part): Promise<{ data: Buffer; crc: number; size: number; method: number }> {
  if (typeof part === 'string' || Buffer.isBuffer(part)) {
    const raw = Buffer.from(part);
    return { data: deflateRawSync(raw), crc: crc32(raw), size: raw.length, method: 8 };
  }
  if ('random' in part) {
    const raw = randomBytes(part.random);
    return { data: raw, crc: crc32(raw), size: raw.length, method: 0 };
  }
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  const put = async (raw: Buffer) => {
    crc = crc32(raw, crc);
    size += raw.length;
    if (!deflate.write(raw)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  const piece = Buffer.from(part.repeat.repeat(Math.max(1, Math.floor(PIECE / part.repeat.length))));
  if (part.head) await put(Buffer.from(part.head));
  let left = Math.floor(part.bytes / part.repeat.length) * part.repeat.length;
  while (left > 0) {
    const next = piece.subarray(0, Math.min(left, piece.length));
    left -= next.length;
    await put(next);
  }
  if (part.tail) await put(Buffer.from(part.tail));
  deflate.end();
  await done;
  return { data: Buffer.concat(out), crc, size, method: 8 };
}

/** A ZIP file of the parts given, in their order, sizes in the local headers. */
export async function zipOf(parts: Record<string, Part>): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, part] of Object.entries(parts)) {
    const { data, crc, size, method } = await packed(part);
    const path = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(path.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    local.copy(central, 6, 4, 26);
    central.writeUInt16LE(path.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, path, data);
    centrals.push(central, path);
    offset += local.length + path.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

export const WORKBOOK_XML = `<workbook ${MAIN} ${REL}><sheets><sheet name="Nomor" sheetId="1" r:id="rId1"/></sheets></workbook>`;
export const RELS_XML = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
export const STRINGS_XML = `<sst ${MAIN}><si><t>Budi</t></si></sst>`;

/** A sheet of the rows' XML given, then `after`'s, with its opening and closing. */
export const sheetOf = (rows: string | { repeat: string; bytes: number }, after = ''): Part =>
  typeof rows === 'string'
    ? `<worksheet ${MAIN}><sheetData>${rows}${after}</sheetData></worksheet>`
    : { ...rows, head: `<worksheet ${MAIN}><sheetData>`, tail: `${after}</sheetData></worksheet>` };

/**
 * A one-sheet workbook as Excel orders it: the sheet before the shared strings, so that it waits on disk.
 * `before` goes first: random bytes there make the file large enough for its ratio to look ordinary.
 */
export function workbookOf(sheet: Part, before: Record<string, Part> = {}): Promise<Buffer> {
  return zipOf({
    ...before,
    'xl/workbook.xml': WORKBOOK_XML,
    'xl/_rels/workbook.xml.rels': RELS_XML,
    'xl/worksheets/sheet1.xml': sheet,
    'xl/sharedStrings.xml': STRINGS_XML,
  });
}

/** `rows` empty `<row/>` elements, the shape of issue 20's bomb; `pad` random bytes first. */
export function emptyRowsWorkbook(rows: number, pad = 0): Promise<Buffer> {
  return workbookOf(sheetOf({ repeat: '<row/>', bytes: rows * 6 }), pad ? { 'xl/media/pad.bin': { random: pad } } : {});
}

/** A readable workbook of `rows` rows of a number and a name. */
export function numbersWorkbook(rows: number, first = 6281200000000): Promise<Buffer> {
  let xml = '';
  for (let i = 1; i <= rows; i++)
    xml += `<row r="${i}"><c r="A${i}"><v>${first + i}</v></c><c r="B${i}" t="s"><v>0</v></c></row>`;
  return workbookOf(sheetOf(xml));
}
