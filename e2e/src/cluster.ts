import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { createPgPool, runOnConnection } from '@staff-portal/server/db/pg-client';
import { listenSmtp, type TestSmtpServer } from '@staff-portal/server/test/smtp-server';
import { freePort, startProcess, startServer, type RunningServer } from './harness';

/**
 * The production shape of docs/product/deployment.md on this machine, without containers: two
 * server processes (the built bundle) on one fresh PostgreSQL database, sharing their secrets as
 * the deployment guide says, behind nginx from Debian configured with the repository's own
 * `deploy/nginx.conf` (round-robin, no stickiness), and a real SMTP server for their e-mail.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Why the cluster cannot run here, or undefined when it can. */
export function clusterUnavailable(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return 'no PostgreSQL: TEST_DATABASE_URL is not set';
  if (!fs.existsSync(nginxPath)) return `no nginx at ${nginxPath} (apt-get install nginx, or set NGINX_PATH)`;
  return undefined;
}

/** The header the test's proxy adds to every answer: the replica (address:port) that gave it. */
export const REPLICA_HEADER = 'x-replica';

export interface Cluster {
  /** The proxy's address: what users reach, and every replica's PUBLIC_URL. */
  url: string;
  replicas: RunningServer[];
  /** The replicas' database, for checks a user cannot make. */
  db: pg.Pool;
  smtp: TestSmtpServer;
  /** Stops both replicas and starts them again at the same moment, on the same ports. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `deploy/nginx.conf` for this machine: its upstream servers become the replicas' ports, it
 * listens on loopback, and it says which replica answered. Everything else is the file as shipped.
 */
function nginxConfig(dir: string, listenPort: number, replicaPorts: number[]): string {
  let site = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const replace = (from: RegExp, to: string) => {
    if (!from.test(site)) throw new Error(`deploy/nginx.conf no longer has ${String(from)}: update e2e/src/cluster.ts`);
    site = site.replace(from, to);
  };
  replace(/server portal-1:3000/, `server 127.0.0.1:${replicaPorts[0]!}`);
  replace(/server portal-2:3000/, `server 127.0.0.1:${replicaPorts[1]!}`);
  replace(/^ {2}listen 80;$/m, `  listen 127.0.0.1:${listenPort};`);
  replace(/^ {2}location \/ \{$/m, `  location / {\n    add_header X-Replica $upstream_addr always;`);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return [
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
    site,
    '}',
  ].join('\n');
}

async function startNginx(dir: string, listenPort: number, replicaPorts: number[]) {
  const config = path.join(dir, 'nginx.conf');
  fs.writeFileSync(config, nginxConfig(dir, listenPort, replicaPorts));
  // Run as root, nginx's workers run as nobody: they must reach the temporary paths.
  fs.chmodSync(dir, 0o777);
  return startProcess(
    'nginx',
    nginxPath,
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config, '-g', 'daemon off;'],
    { readyUrl: `http://127.0.0.1:${listenPort}/healthz`, seconds: 60, stopSignal: 'SIGQUIT' },
  );
}

/** Starts the cluster: a fresh database, both replicas at the same moment, then the proxy. */
export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sp_cluster_${randomBytes(6).toString('hex')}`;
  await runOnConnection(adminUrl, `create database "${name}"`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-cluster-'));
  const [proxyPort, ...replicaPorts] = await Promise.all([freePort(), freePort(), freePort()]);
  const url = `http://127.0.0.1:${proxyPort}`;
  const smtp = await listenSmtp();
  // What every replica shares (docs/product/deployment-guide.md §3); the admin key pair and the
  // demo password are the harness's own.
  const shared = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: url,
    TRUST_PROXY: 'true',
    IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'portal@staffportal.example',
    ...env,
  };
  const startReplicas = () => Promise.all(replicaPorts.map((port) => startServer({ ...shared, PORT: String(port) })));
  let replicas = await startReplicas();
  const proxy = await startNginx(dir, proxyPort, replicaPorts);
  const db = createPgPool(databaseUrl, 2);
  return {
    url,
    get replicas() {
      return replicas;
    },
    db,
    smtp,
    async restart() {
      await Promise.all(replicas.map((replica) => replica.stop()));
      replicas = await startReplicas();
    },
    async stop() {
      await proxy.stop();
      await Promise.all(replicas.map((replica) => replica.stop()));
      await db.end();
      await smtp.close();
      await runOnConnection(adminUrl, `drop database if exists "${name}" with (force)`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
