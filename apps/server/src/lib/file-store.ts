/**
 * Where a file's bytes live, apart from its name and type (the `files` row). Writing and reading stream: no
 * store ever holds a whole file, so a large one neither fills the memory nor holds the event loop. The bytes
 * are keyed by their `files` row, which is created first.
 */
import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredContent {
  size: number;
  /** Hex SHA-256 of the bytes, computed as they streamed in. */
  sha256: string;
}

export interface FileStore {
  /** Stores the stream's bytes under the file; a stream that fails leaves nothing stored. */
  put(fileId: number, source: AsyncIterable<Buffer | Uint8Array>): Promise<StoredContent>;
  /** The file's bytes (or a range of them) as they are read, a piece at a time. */
  get(fileId: number, range?: ByteRange): Readable;
  delete(fileId: number): Promise<void>;
}
