/** WhatsApp's framing over the WebSocket: a 3-byte length before each frame, the client's first led by its intro. */
import { NOISE_WA_HEADER } from 'baileys';

export const framed = (data: Uint8Array) => {
  const frame = Buffer.alloc(3 + data.byteLength);
  frame.writeUIntBE(data.byteLength, 0, 3);
  frame.set(data, 3);
  return frame;
};

/** Splits what the client writes into frames, checking the intro its first write starts with. */
export class FrameReader {
  private pending = Buffer.alloc(0);
  private introRead = false;

  push(data: Buffer): Buffer[] {
    this.pending = Buffer.concat([this.pending, data]);
    if (!this.introRead) {
      if (this.pending.length < NOISE_WA_HEADER.length) return [];
      if (!this.pending.subarray(0, NOISE_WA_HEADER.length).equals(NOISE_WA_HEADER)) {
        throw new Error('the client did not open with the WA noise header');
      }
      this.pending = this.pending.subarray(NOISE_WA_HEADER.length);
      this.introRead = true;
    }
    const frames: Buffer[] = [];
    while (this.pending.length >= 3) {
      const size = this.pending.readUIntBE(0, 3);
      if (this.pending.length < 3 + size) break;
      frames.push(Buffer.from(this.pending.subarray(3, 3 + size)));
      this.pending = this.pending.subarray(3 + size);
    }
    return frames;
  }
}
