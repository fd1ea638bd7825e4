/** One connection's newest success, waiting to be written. */
export interface LastSuccessStamp {
  userId: string;
  connectionId: string;
  at: Date;
}

/**
 * `lastSuccessfulPost` written behind: each connection's newest stamp is held, and every
 * connection that published within `delayMs` is written by one command. A busy publisher pays a
 * database command per second instead of one per post. A read that shows the field
 * calls `flush` first, so this process never shows a stale value; another instance may see one
 * up to `delayMs` old. A failed write keeps its stamps for the next one (a newer stamp wins).
 */
export class LastSuccessStamps {
  private pending = new Map<string, LastSuccessStamp>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly write: (stamps: LastSuccessStamp[]) => Promise<void>,
    private readonly delayMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  add(stamp: LastSuccessStamp): void {
    this.hold(stamp);
    this.schedule();
  }

  /** Writes what is held; resolves once it (and any write already under way) has landed. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing) await this.writing.catch(() => undefined);
    if (!this.pending.size) return;
    const stamps = [...this.pending.values()];
    this.pending = new Map();
    const writing = this.write(stamps).catch((err: unknown) => {
      for (const stamp of stamps) this.hold(stamp);
      this.schedule();
      throw err;
    });
    this.writing = writing;
    try {
      await writing;
    } finally {
      if (this.writing === writing) this.writing = undefined;
    }
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush().catch(this.onError), this.delayMs);
    this.timer.unref();
  }

  private hold(stamp: LastSuccessStamp): void {
    const held = this.pending.get(stamp.connectionId);
    if (!held || held.at < stamp.at) this.pending.set(stamp.connectionId, stamp);
  }
}
