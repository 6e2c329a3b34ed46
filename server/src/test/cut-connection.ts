import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import mongoose from 'mongoose';
import type { App } from '../app.ts';
import { onFileEnd } from './cleanup.ts';

/**
 * A client of the test database whose connection can be cut as a killed database cuts it: every byte goes through a
 * loopback relay, and `cut()` closes its sockets (the client reads their end) and stops listening (connects are
 * refused). Whatever the backend of the run, with nothing killed.
 */
export async function cuttableClient(app: App): Promise<{ db: mongoose.mongo.Db; cut: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const relay = createServer((inbound) => {
    const outbound = tcpConnect(app.mongo.port, app.mongo.host);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as { port: number };
  const client = new mongoose.mongo.MongoClient(`mongodb://127.0.0.1:${port}/`, {
    directConnection: true,
    serverSelectionTimeoutMS: 500,
  });
  await client.connect();
  onFileEnd(() => client.close(true));
  return {
    db: client.db(app.mongo.name),
    cut: async () => {
      const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
