/** @module A writable stream that keeps what is written to it: the stdout and stderr of a command's main() run in process. */
import { Writable } from 'node:stream';

export function textSink(): Writable & { text: string } {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stream.text += chunk.toString('utf8');
      done();
    },
  }) as Writable & { text: string };
  stream.text = '';
  return stream;
}
