/**
 * The deadline of one tools/call: `idleMs` without a response or progress, and an optional ceiling for the whole
 * call. Both stop while paused (a person is answering an elicitation) and the idle wait restarts afterwards.
 */
export class CallClock {
  private idleTimer: NodeJS.Timeout | undefined;
  private ceilingTimer: NodeJS.Timeout | undefined;
  /** Time the ceiling still allows (ms), updated when paused. */
  private ceilingLeft: number | undefined;
  private runningSince = Date.now();
  private pauses = 0;
  private stopped = false;

  constructor(
    private readonly idleMs: number,
    private readonly ceilingMs: number | undefined,
    private readonly expire: (limit: 'call-timeout' | 'max-call-time', limitMs: number) => void,
  ) {
    this.ceilingLeft = ceilingMs;
    this.arm();
  }

  /** Progress arrived: the idle wait starts again. */
  touch(): void {
    if (this.stopped || this.pauses) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.fire('call-timeout', this.idleMs), this.idleMs);
  }

  pause(): void {
    if (this.stopped || this.pauses++) return;
    if (this.ceilingLeft !== undefined) this.ceilingLeft = Math.max(0, this.ceilingLeft - (Date.now() - this.runningSince));
    this.disarm();
  }

  resume(): void {
    if (this.stopped || --this.pauses) return;
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.disarm();
  }

  private arm(): void {
    this.runningSince = Date.now();
    this.idleTimer = setTimeout(() => this.fire('call-timeout', this.idleMs), this.idleMs);
    if (this.ceilingLeft !== undefined && this.ceilingMs !== undefined) {
      const ceiling = this.ceilingMs;
      this.ceilingTimer = setTimeout(() => this.fire('max-call-time', ceiling), this.ceilingLeft);
    }
  }

  private disarm(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.ceilingTimer);
    this.idleTimer = undefined;
    this.ceilingTimer = undefined;
  }

  private fire(limit: 'call-timeout' | 'max-call-time', limitMs: number): void {
    if (this.stopped) return;
    this.stop();
    this.expire(limit, limitMs);
  }
}
