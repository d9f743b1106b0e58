/**
 * The ZIP parts of an uploaded workbook, walked in the order they arrive, with exceljs's own parsers for each
 * (issue 20). exceljs's reader walks them itself, but it parks a sheet that comes before the shared strings
 * in a temporary file of the system's temporary folder, which it leaves there when the workbook turns out
 * broken or the upload stops, and it unpacks every part without a limit. Here every part passes an
 * `UnpackGuard` on its way, a waiting sheet goes to a folder of this upload's own that the caller removes,
 * and only the first tab's sheet is kept: the others are read through and dropped.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import type unzipper from 'unzipper';
import type { UnpackGuard } from './xlsx-guard.ts';

interface Parsers {
  excel: typeof ExcelJS;
  zip: typeof unzipper;
}

let parsers: Promise<Parsers> | null = null;

/**
 * exceljs and unzipper (some 300 modules with their ZIP and stream helpers, about 30 MB of the server's memory)
 * are loaded by the first workbook read, not by every start: most servers never import a workbook.
 */
function loadParsers(): Promise<Parsers> {
  parsers ??= Promise.all([import('exceljs'), import('unzipper')]).then(([excel, zip]) => ({
    excel: excel.default,
    zip: zip.default,
  }));
  return parsers;
}

/** A sheet of the workbook as exceljs's sheet reader parses it. */
export type SheetReader = ExcelJS.stream.xlsx.WorksheetReader;

/** What of exceljs's workbook reader is used here, which its types leave out. */
interface BookInternals {
  model?: { sheets?: { rId?: string }[] };
  workbookRels?: { Id?: string; Target?: string }[];
  sharedStrings?: unknown[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(part: Readable, file: string): Generator<{ value: SheetReader }>;
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/**
 * A waiting sheet is read back in pieces of this size, as the inflater hands out a sheet that streams: each
 * piece's rows are parsed in one go while other requests wait, so a quarter of a file stream's default.
 */
const PIECE_BYTES = 16 * 1024;

/**
 * The entries of unzipper's parser in order. The parser emits its own 'end' and 'close' as soon as its input
 * is written, which can be before its last entries were handed out (so a stream iterator calls it closed
 * early): the end here is its readable side's own. It hands out the next entry only once the last one was
 * read, so the queue holds one at most.
 */
async function* entriesOf(zip: unzipper.ParseStream): AsyncGenerator<unzipper.Entry> {
  const queue: unzipper.Entry[] = [];
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    wake?.();
    wake = null;
  };
  zip.on('data', (entry: unzipper.Entry) => {
    queue.push(entry);
    signal();
  });
  zip.on('end', () => {
    ended ||= zip.readableEnded;
    signal();
  });
  zip.on('error', (error: Error) => {
    failure = error;
    signal();
  });
  for (;;) {
    const entry = queue.shift();
    if (entry) yield entry;
    else if (failure) throw failure;
    else if (ended) return;
    else
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
  }
}

export class WorkbookParts {
  private readonly book: BookInternals;
  /** Streams still open, ended by `close` whatever state the walk was left in. */
  private readonly open = new Set<{ destroy(error?: Error): void }>();
  private current: Transform | null = null;

  /** `dir` is this upload's own, empty, and removed by the caller. */
  static async open(input: Readable, dir: string, guard: UnpackGuard): Promise<WorkbookParts> {
    return new WorkbookParts(input, dir, guard, await loadParsers());
  }

  private constructor(
    private readonly input: Readable,
    private readonly dir: string,
    private readonly guard: UnpackGuard,
    private readonly parsers: Parsers,
  ) {
    this.book = new parsers.excel.stream.xlsx.WorkbookReader(input, {
      sharedStrings: 'cache',
      // Cached for their number formats, which alone tell a date from a number.
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
    }) as unknown as BookInternals;
  }

  /** The number N of `xl/worksheets/sheetN.xml` holding the first tab, once the workbook's lists are read. */
  private firstSheet(): string | null {
    const rId = this.book.model?.sheets?.[0]?.rId;
    const target = this.book.workbookRels?.find((rel) => rel.Id === rId)?.Target;
    return target ? (/sheet(\d+)\.xml$/.exec(target)?.[1] ?? null) : null;
  }

  /** Whether the sheet in file N may be the first tab: unknown until the workbook's lists are read. */
  private mayBeFirst(file: string): boolean {
    return !this.book.model || !this.book.workbookRels || this.firstSheet() === file;
  }

  private track<T extends { destroy(error?: Error): void; once(event: 'close', listener: () => void): unknown }>(
    stream: T,
  ): T {
    this.open.add(stream);
    stream.once('close', () => this.open.delete(stream));
    return stream;
  }

  /**
   * The first tab's sheet, at most once, to be read before the walk goes on. A sheet that comes before the
   * shared strings waits on disk until the last part is read.
   */
  async *firstTab(): AsyncGenerator<SheetReader> {
    const zip = this.track(this.parsers.zip.Parse({ forceStream: true }));
    // A part cut short leaves whoever reads it waiting for bytes that never come: it fails with the ZIP,
    // also when the ZIP failed before the part was taken.
    let failure: Error | null = null;
    zip.on('error', (error: Error) => {
      failure = error;
      this.current?.destroy(error);
    });
    this.input.pipe(zip);
    const waiting: { file: string; path: string }[] = [];
    for await (const entry of entriesOf(zip)) {
      const part = this.track(entry.pipe(this.guard.part(entry.path)));
      // Whoever reads the part sees its failure; read through and dropped, `errored` tells it below.
      part.on('error', () => {});
      this.current = part;
      if (failure) part.destroy(failure);
      const file = SHEET.exec(entry.path)?.[1];
      if (entry.path === 'xl/_rels/workbook.xml.rels') await this.book._parseRels(part);
      else if (entry.path === 'xl/workbook.xml') await this.book._parseWorkbook(part);
      else if (entry.path === 'xl/styles.xml') await this.book._parseStyles(part);
      else if (entry.path === 'xl/sharedStrings.xml') for await (const _ of this.book._parseSharedStrings(part));
      else if (file !== undefined && this.mayBeFirst(file)) {
        if (this.book.sharedStrings && this.firstSheet() === file) {
          yield this.sheet(part, file);
          return;
        }
        const path = join(this.dir, `${waiting.length}-sheet${file}.xml`);
        await pipeline(part, this.track(createWriteStream(path)));
        waiting.push({ file, path });
      }
      // What a parser left unread, and every part not wanted, is read through the guard and dropped.
      part.resume();
      if (!part.readableEnded) await new Promise((resolve) => part.once('end', resolve).once('close', resolve));
      if (part.errored) throw part.errored;
    }
    this.current = null;
    const first = this.firstSheet();
    for (const { file, path } of waiting) {
      if (file !== first) continue;
      yield this.sheet(this.track(createReadStream(path, { highWaterMark: PIECE_BYTES })), file);
      return;
    }
  }

  private sheet(stream: Readable, file: string): SheetReader {
    const [made] = this.book._parseWorksheet(stream, file);
    if (!made) throw new Error('no sheet reader');
    return made.value;
  }

  /** Ends every stream still open, the waiting sheets' files included, for the caller to remove the folder. */
  close(): void {
    for (const stream of this.open) stream.destroy();
    this.open.clear();
  }
}
