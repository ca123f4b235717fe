// Node streams as web streams (file answers, exports, zips). Node's own Readable.toWeb keeps its
// 'data' listener after the web stream is cancelled, and a chunk already on its way is then put on
// the closed stream: an uncaught exception, which ends the server (nodejs/node#54205, open up to
// Node 24). A download the user cancels midway is all it takes. This bridge stops listening at
// cancel and lets the source go.
import type { Readable } from 'node:stream';

/** The part of a Node readable (node:stream or readable-stream, as archiver uses) the bridge needs. */
type Source = Pick<Readable, 'on' | 'pause' | 'resume' | 'removeAllListeners'> & { destroy(error?: Error): unknown };

/**
 * A web stream of `source`'s chunks, read as the consumer asks for them. Cancelling it destroys
 * the source, or calls `onCancel` when the source has its own way to stop (an archive is aborted).
 */
export function webStream(source: Source, onCancel: () => void = () => void source.destroy()): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      source.on('data', (chunk: Buffer | string) => {
        if (finished) return;
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        // Back-pressure: the source waits until the consumer asks for more (pull).
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.on('end', () => {
        if (finished) return;
        finished = true;
        controller.close();
      });
      // Kept after the first: a later 'error' without a listener would itself be uncaught.
      source.on('error', (error: Error) => {
        if (finished) return;
        finished = true;
        controller.error(error);
      });
      source.on('close', () => {
        // Closed before its end without an error (destroyed): the download is cut short, not complete.
        if (finished) return;
        finished = true;
        controller.error(new Error('the stream closed before its end'));
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      finished = true;
      onCancel();
    },
  });
}
