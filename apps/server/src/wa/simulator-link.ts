/**
 * Linking a simulated device as Baileys does it: one QR ref after another (the first lives 60 s, the
 * others 20 s; a pairing code lives as long as they last), then 408 "QR refs attempts ended", which the
 * real driver reports as a disconnect before it links again from the start. A scan saves the credentials
 * at once; 515 may restart the socket before the linked session opens; the account's name may come later.
 */
import { hashString } from './random.ts';
import { SimConnection } from './simulator-connection.ts';

const NAMES = [
  'Andi',
  'Budi',
  'Citra',
  'Dewi',
  'Eka',
  'Fitri',
  'Gilang',
  'Hana',
  'Indra',
  'Joko',
  'Kartika',
  'Lestari',
];

export abstract class SimLink extends SimConnection {
  private qrTimer: NodeJS.Timeout | undefined;
  private refsLeft = 0;
  /** Whether the phone scans by itself after scanMs; rolled when the first QR or code shows. */
  private autoScan: boolean | null = null;

  protected showLink() {
    this.state = 'linking';
    if (this.pairingNumber) {
      const alphabet = 'ABCDEFGHJKLMNPQRSTVWXYZ23456789';
      const code = Array.from({ length: 8 }, () => this.random.pick([...alphabet])).join('');
      this.emit({ type: 'code', code });
    }
    this.refsLeft = this.options.qrRefs;
    this.nextRef(this.options.qrMs[0]);
    if (this.autoScan === null) {
      this.autoScan = this.linkRandom.next() >= this.options.rates.unscanned;
      if (this.autoScan) this.later(this.options.scanMs, () => this.scan());
    }
  }

  protected stopLink() {
    this.cancel(this.qrTimer);
  }

  private nextRef(lifeMs: number) {
    if (this.state !== 'linking') return;
    if (this.refsLeft === 0) {
      this.refsRanOut();
      return;
    }
    this.refsLeft--;
    if (!this.pairingNumber) {
      const ref = Math.floor(this.random.next() * 1e12).toString(36);
      this.emit({ type: 'qr', qr: `2@sim-${this.deviceId}-${ref},${hashString(ref).toString(36)},sewablast` });
    }
    this.qrTimer = this.later(lifeMs, () => this.nextRef(this.options.qrMs[1]));
  }

  /** 408 "QR refs attempts ended": a disconnect, then a new link attempt with new refs or a new code. */
  refsRanOut() {
    if (this.state !== 'linking') return;
    this.stopLink();
    this.state = 'connecting';
    this.connection('disconnected', 'QR refs attempts ended');
    this.later(this.options.reconnectMs, () => this.openSocket());
  }

  /**
   * The phone scanned the QR (`phone`'s, else a random number) or entered the code: the credentials are saved at once; with 515 (forced or
   * rolled) the socket restarts before the linked session opens, announcing nothing in between, as the
   * real driver does for a device not yet announced.
   */
  scan(restart?: boolean, phone?: string) {
    if (this.state !== 'linking') return;
    this.stopLink();
    const phonenumber =
      this.pairingNumber ?? phone ?? `628${this.random.int(11, 99)}${this.random.int(1000000, 9999999)}`;
    const pushname = this.randomName();
    const lateName = this.linkRandom.next() < this.options.rates.lateName;
    const restarts = restart ?? this.linkRandom.next() < this.options.rates.restartAfterScan;
    const device = Math.floor(this.linkRandom.next() * 1e12).toString(36);
    const linked_at = new Date(this.options.now()).toISOString();
    this.credentials = { simulator: { phonenumber, pushname: lateName ? '' : pushname, device, linked_at } };
    this.emit({ type: 'auth-state', authState: this.credentials });
    const opened = () => this.linked(lateName ? pushname : null);
    if (!restarts) return opened();
    this.state = 'connecting';
    this.later(this.linkDelay(), opened);
  }

  private linked(lateName: string | null) {
    if (!this.credentials) return;
    const { phonenumber, pushname } = this.credentials.simulator;
    this.emit({ type: 'authenticated', phonenumber, pushname });
    this.connect();
    if (lateName !== null) this.later(this.linkDelay(), () => this.renamed(lateName));
  }

  /** The account's name arrives through app-state sync, or changes on the phone. */
  renamed(pushname = this.randomName()) {
    if (!this.credentials) return;
    this.credentials = { simulator: { ...this.credentials.simulator, pushname } };
    this.emit({ type: 'auth-state', authState: this.credentials });
    this.emit({ type: 'profile', pushname });
  }

  private randomName() {
    return `${this.random.pick(NAMES)} ${this.random.pick(NAMES)}`;
  }
}
