import net from "node:net";

/**
 * A TCP relay between the app and PostgreSQL, so a test can take the database away from one
 * server (and give it back) without stopping the PostgreSQL that other tests share. `cut()` is what
 * the app sees when PostgreSQL stops: live connections drop and new ones are refused.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const relay = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer(relay);
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Connections made through the relay that are still open. */
    get openConnections() {
      return sockets.size / 2;
    },
    async cut() {
      const closing = server;
      server = undefined;
      const closed = closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : Promise.resolve();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** Listens again on the same port. */
    async restore() {
      if (!server) await listen();
    },
    async close() {
      await this.cut();
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
