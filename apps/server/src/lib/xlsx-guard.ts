/**
 * What reading one uploaded workbook may cost (issue 20). An .xlsx is a ZIP of XML parts, and a few KB of it
 * can unpack to gigabytes or to tens of millions of rows; each cap below is counted as the bytes and rows
 * come, so a workbook is refused at the cap, never after the cost was paid. The figures and why are in
 * docs/decisions.md.
 */
import { Transform } from 'node:stream';
import { IMPORT_TEXT } from '@sewablast/contract/imports';

const MiB = 1024 * 1024;

export const XLSX_LIMITS = {
  /** Excel's own: every `<row>` element counts, an empty one too, since making its row is the cost. */
  rows: 1_048_576,
  /** A worksheet, read as it streams or from the disk where it waits for the shared strings. */
  sheetBytes: 256 * MiB,
  /** The parts the reader keeps in memory whole: the shared strings, the styles, the list of sheets. */
  heldBytes: 32 * MiB,
  /**
   * Markup tags (each `<`) of the styles and the workbook's lists, which exceljs turns into one object or more
   * each: 32 MB of `<xf/>` are 6.5 million objects, about 0.9 GB. Excel's own limit of 64,000 cell formats
   * of three tags each, styles of cells and fonts besides, stays well within.
   */
  heldTags: 500_000,
  /** Every part of the file together, what it may ask of the disk and of the inflater. */
  workbookBytes: 512 * MiB,
  /** Unpacked bytes to the upload's bytes: Excel's own files stay well under 20. */
  ratio: 100,
  /** Up to here the ratio is not asked: a tiny workbook of empty cells compresses very well. */
  ratioFloorBytes: 1 * MiB,
  /**
   * Workbooks a process reads at once; the others wait their turn (their uploads held back meanwhile). A
   * workbook's held parts may cost about 300 MB of heap (32 MB of rich shared strings), so a few at once
   * would fill it.
   */
  readsAtOnce: 2,
} as const;

/** The parts the reader parses into memory, which are held to `heldBytes`. */
const HELD_PARTS = new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml']);
/**
 * Held parts whose every tag is an object, held to `heldTags` too. Not the shared strings: a million rows of
 * names are a million of them, and `heldBytes` bounds their cost.
 */
const TAGGED_PARTS = new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml']);
const LESS_THAN = 0x3c;

function tagsIn(chunk: Buffer): number {
  let tags = 0;
  for (let at = chunk.indexOf(LESS_THAN); at !== -1; at = chunk.indexOf(LESS_THAN, at + 1)) tags++;
  return tags;
}

/** A workbook the reader could not read, or a ZIP file that holds none. */
export class XlsxFormatError extends Error {}

/** A workbook past one of the caps: `shown` names the cap in the user's words. */
export class XlsxLimitError extends XlsxFormatError {
  constructor(readonly shown: string) {
    super(shown);
  }
}

const megabytes = (bytes: number) => bytes / MiB;

export const tooManyRows = () => new XlsxLimitError(IMPORT_TEXT.workbookTooManyRows(XLSX_LIMITS.rows));

/**
 * Counts what the ZIP parts of one upload unpack to. `packed` tells how many bytes of the upload the reader
 * has taken so far: the ratio is the whole file's, since a part's own compressed size is not known until
 * its end when the file was written as a stream.
 */
export class UnpackGuard {
  private unpacked = 0;

  constructor(private readonly packed: () => number) {}

  /** The bytes of the part `name` as they unpack, passed on until a cap is crossed, then failed. */
  part(name: string): Transform {
    const cap = HELD_PARTS.has(name) ? XLSX_LIMITS.heldBytes : XLSX_LIMITS.sheetBytes;
    const tagged = TAGGED_PARTS.has(name);
    let size = 0;
    let tags = 0;
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        size += chunk.length;
        this.unpacked += chunk.length;
        if (tagged) tags += tagsIn(chunk);
        if (tags > XLSX_LIMITS.heldTags) {
          done(new XlsxLimitError(IMPORT_TEXT.workbookPartTooManyTags(name, XLSX_LIMITS.heldTags)));
          return;
        }
        done(this.refusal(name, size, cap), chunk);
      },
    });
  }

  private refusal(name: string, size: number, cap: number): XlsxLimitError | null {
    if (size > cap) return new XlsxLimitError(IMPORT_TEXT.workbookPartTooLarge(name, megabytes(cap)));
    if (this.unpacked > XLSX_LIMITS.workbookBytes)
      return new XlsxLimitError(IMPORT_TEXT.workbookTooLarge(megabytes(XLSX_LIMITS.workbookBytes)));
    if (this.unpacked > XLSX_LIMITS.ratioFloorBytes && this.unpacked > XLSX_LIMITS.ratio * this.packed())
      return new XlsxLimitError(IMPORT_TEXT.workbookTooCompressed(XLSX_LIMITS.ratio));
    return null;
  }
}
