import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HolderOrder, HolderReply } from './socket-holder.ts';

const holderEntry = fileURLToPath(new URL('./socket-holder.ts', import.meta.url));

/** Sockets held by a child process (see socket-holder.ts), ready once all are open (and watching). */
export function holdSockets(url: string, cookies: string[], watchThread?: number) {
  const child = fork(holderEntry, { execArgv: ['--import', 'tsx'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T extends HolderReply['type']>(type: T) =>
    new Promise<Extract<HolderReply, { type: T }>>((resolve, reject) => {
      const onMessage = (message: HolderReply) => {
        child.off('exit', onExit);
        if (message.type === 'error') reject(new Error(message.error));
        else if (message.type === type) resolve(message as Extract<HolderReply, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`socket holder exited with ${code}`));
      child.once('message', onMessage);
      child.once('exit', onExit);
    });
  const send = (order: HolderOrder) => child.send(order);
  const ready = next('ready');
  send({ type: 'open', url, cookies, watchThread });
  return {
    ready,
    /** When each watcher saw progress count `current`, on the wall clock of performance.timeOrigin + now(). */
    progress(current: number, timeoutMs: number) {
      const answer = next('progress');
      send({ type: 'progress', current, timeoutMs });
      return answer;
    },
    async stop() {
      if (child.connected) send({ type: 'close' });
      if (child.exitCode === null) await exited;
    },
  };
}
