// Whether the process is shutting down. Ctrl-C reaches the embedded PostgreSQL too (it shares
// the terminal's process group), and it then ends every connection at once; a client caught
// between queries reports that as an error no one listens to. While stopping, that is expected
// and harmless; at any other time an unexpected error still ends the process.
let stopping = false;

export function markStopping(): void {
  stopping = true;
}

export function isExpectedDuringShutdown(error: unknown): boolean {
  if (!stopping) return false;
  const code = (error as { code?: string } | null)?.code;
  // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, or the socket closing.
  return code === '57P01' || code === '57P02' || code === '57P03' || code === 'ECONNRESET' || code === 'ECONNREFUSED' || code === 'EPIPE';
}
