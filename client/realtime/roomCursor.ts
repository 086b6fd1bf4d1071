/**
 * Where a page stands in a room's event sequence. Events can arrive twice (live and in a
 * replay after a re-join); only those newer than the last one seen are accepted.
 */
export class RoomCursor {
  constructor(private seq?: number) {}

  get lastSeq(): number | undefined {
    return this.seq;
  }

  /** True when the event is new; it then becomes the last one seen. */
  accept(seq: number): boolean {
    if (this.seq !== undefined && seq <= this.seq) return false;
    this.seq = seq;
    return true;
  }

  /** Moves forward to what the server reports as the room's head (never backwards). */
  advanceTo(seq: number) {
    if (this.seq === undefined || seq > this.seq) this.seq = seq;
  }

  /** After a "refetch": the page reloads its data, which is current as of `seq`. */
  reset(seq: number) {
    this.seq = seq;
  }
}
