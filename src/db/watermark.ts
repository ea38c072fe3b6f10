// The watermark of a read: the club's last signal sequence, read by the statement that reads the
// body, so from the same snapshot. A club's sequence row is updated by the transaction that
// emits its signals and stays locked until that transaction commits (cd_emit_signals), so a
// snapshot sees sequence N exactly when it sees the changes of every signal up to N and of none
// after: the body holds the change of signal N and not that of N+1 (docs/api.md, "Following a
// club"). cd_signal_sequence is STABLE, so it reads through the calling statement's snapshot.

/** A rendered body and the watermark of the snapshot that rendered it. */
export interface Read {
  body: string;
  /** The club's last signal sequence visible to that snapshot (0 before its first signal), in decimal. */
  sequence: string;
}

/** The SQL expression of the watermark for the club given as a placeholder or column. */
export function signalSequenceOf(club: string): string {
  return `cd_signal_sequence(${club})::text`;
}
