/**
 * Where a listener stands in a room's event sequence. Events are passed on strictly in order,
 * each once: a duplicate (live and again in a replay) is dropped, and an event after a hole (an
 * out-of-order publish from another node, or one lost between commit and push) is held until
 * the hole is filled — by a late arrival or by the replay of a re-join.
 */
export class RoomCursor<E extends { seq: number }> {
  private seq: number | undefined;
  private readonly ahead = new Map<number, E>();
  /** The newest sequence the server said the room has; anything up to it not yet seen is missing. */
  private head = 0;

  constructor(seq?: number) {
    this.seq = seq;
  }

  get lastSeq(): number | undefined {
    return this.seq;
  }

  /** The events that can be passed on now, in order (none while a hole is before this one). */
  receive(event: E): E[] {
    if (this.seq === undefined) {
      this.seq = event.seq;
      return [event];
    }
    if (event.seq <= this.seq || this.ahead.has(event.seq)) return [];
    this.ahead.set(event.seq, event);
    this.head = Math.max(this.head, event.seq);
    const ready: E[] = [];
    for (let next = this.ahead.get(this.seq + 1); next; next = this.ahead.get(this.seq + 1)) {
      this.ahead.delete(next.seq);
      this.seq = next.seq;
      ready.push(next);
    }
    return ready;
  }

  /** The server reports the room's head (a join answer): events up to it must all arrive. */
  sawHead(seq: number) {
    this.head = Math.max(this.head, seq);
    if (this.seq === undefined) this.seq = seq;
  }

  /** True while some event before the newest known one has not arrived. */
  get hasHole(): boolean {
    return this.seq !== undefined && this.head > this.seq;
  }

  /** After a refetch: the page reloads its data, which is current as of `seq`; nothing is missing. */
  reset(seq: number) {
    this.seq = seq;
    this.head = seq;
    this.ahead.clear();
  }
}
