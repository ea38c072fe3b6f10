// A minimal reader of server-sent events over real HTTP, for the stream tests: it connects with
// fetch, parses events as they arrive, and says when the server ended the stream.
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** The events received so far. */
  events: StreamEvent[];
  /** The comments received so far (heartbeats). */
  comments: string[];
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
  /** Waits until `predicate` holds for the events received, or fails after `timeoutMs`. */
  waitFor(predicate: (events: StreamEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
  /** The body, when the answer was not a stream (an error in the envelope). */
  body: string;
}

export async function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const isStream = response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const body = isStream ? '' : await response.text();
  let waiters: (() => void)[] = [];
  const notify = () => {
    for (const w of waiters) w();
  };
  const ended = (async () => {
    if (!isStream || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const current = { id: undefined as string | undefined, event: 'message' };
          const data: string[] = [];
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) current.id = line.slice(4);
            else if (line.startsWith('event: ')) current.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              data.push(line.slice(6));
              hasData = true;
            }
          }
          if (hasData) events.push({ ...current, data: data.join('\n'), at: Date.now() });
          notify();
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: the stream has ended either way.
    } finally {
      notify();
    }
  })();
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended,
    body,
    close: () => abort.abort(),
    async waitFor(predicate, timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (done) throw new Error(`the stream ended before the condition held (${events.length} events)`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out after ${timeoutMs} ms with ${events.length} events`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters = [];
      }
    },
  };
}
